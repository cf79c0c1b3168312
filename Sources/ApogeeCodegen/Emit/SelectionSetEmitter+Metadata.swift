/// The `__selections` metadata: the selections as written, with nested selection sets named
/// through the structs that hold them, so the store walks them without reflection.
extension SelectionSetEmitter {
    func typeConditionStatic(_ typeName: String) -> String {
        "public static let __typeCondition = \(typeConditionLiteral(typeName))"
    }

    func typeConditionLiteral(_ typeName: String) -> String {
        let possible = schema.possibleTypes(typeName).sorted().map(SwiftLiteral.string).joined(separator: ", ")
        return "Selection.TypeCondition(\(SwiftLiteral.string(typeName)), possibleTypes: [\(possible)])"
    }

    /// The metadata lines of `entries`, seen from `shape`; nested struct names are relative
    /// to the struct whose `__selections` is being written, through `prefix`. `outer` holds the
    /// type cases passed on the way in, with their prefixes, outermost first.
    func selectionLines(_ entries: [IRSelection], in shape: Shape, prefix: String, outer: [(shape: Shape, prefix: String)] = []) -> [String] {
        var lines: [String] = []
        for entry in entries {
            switch entry {
            case .field(let field) where field.isTypename && field.arguments.isEmpty && field.conditions.isEmpty && field.directives.isEmpty:
                lines.append(".typename,")
            case .field(let field):
                var nested: String?
                if field.selections != nil, let target = shape.nestedShape(forResponseKey: field.responseKey) {
                    nested = Self.path(to: target.swiftName, from: [(shape, prefix)] + outer.reversed()) + ".__selections"
                }
                var arguments = [SwiftLiteral.string(field.name)]
                if let alias = field.alias { arguments.append("alias: \(SwiftLiteral.string(alias))") }
                if !field.arguments.isEmpty {
                    arguments.append("arguments: [" + field.arguments.map(SwiftLiteral.argument).joined(separator: ", ") + "]")
                }
                arguments.append("type: " + types.fieldType(field.type, nested: nested))
                if !field.conditions.isEmpty { arguments.append("conditions: " + SwiftLiteral.conditions(field.conditions)) }
                if !field.directives.isEmpty {
                    let directives = field.directives.map { directive in
                        directive.arguments.isEmpty
                            ? ".init(\(SwiftLiteral.string(directive.name)))"
                            : ".init(\(SwiftLiteral.string(directive.name)), arguments: [" + directive.arguments.map(SwiftLiteral.argument).joined(separator: ", ") + "])"
                    }
                    arguments.append("directives: [" + directives.joined(separator: ", ") + "]")
                }
                if field.isLocal { arguments.append("isLocal: true") }
                if let clientDefault = field.clientDefault { arguments.append("clientDefault: " + SwiftLiteral.json(clientDefault)) }
                lines.append(".field(.init(" + arguments.joined(separator: ", ") + ")),")
            case .inlineFragment(let typeCondition, let conditions, _, let deferral?):
                if let line = deferredSelectionLine(deferral, typeCondition: typeCondition, conditions: conditions, in: shape, prefix: prefix) {
                    lines.append(line)
                }
            case .inlineFragment(let typeCondition, let conditions, let selections, nil):
                var on = "nil"
                var context = shape
                var innerPrefix = prefix
                if let typeCondition {
                    if shape.possibleTypes.isSubset(of: schema.possibleTypes(typeCondition)) {
                        on = typeConditionLiteral(typeCondition)
                    } else if let typeCase = shape.typeCase(typeCondition) {
                        context = typeCase.shape
                        innerPrefix = prefix + typeCase.shape.swiftName + "."
                        on = innerPrefix + "__typeCondition"
                    } else {
                        continue
                    }
                }
                let conditionText = conditions.isEmpty ? "" : ", conditions: " + SwiftLiteral.conditions(conditions)
                lines.append(".inlineFragment(.init(on: \(on)\(conditionText), selections: [")
                let contexts = context === shape ? outer : outer + [(shape, prefix)]
                lines += selectionLines(selections, in: context, prefix: innerPrefix, outer: contexts).map { SwiftWriter.indentation + $0 }
                lines.append("])),")
            case .fragmentSpread(let name, let typeCondition, let conditions, _):
                // A fragment that can never apply here is left out, as inline fragments are.
                if shape.possibleTypes.isDisjoint(with: schema.possibleTypes(typeCondition)) { continue }
                let conditionText = conditions.isEmpty ? "" : ", conditions: " + SwiftLiteral.conditions(conditions)
                lines.append(".fragmentSpread(.init(\(SwiftNames.fragmentTypeName(name)).self\(conditionText))),")
            }
        }
        return lines
    }

    /// The path to a nested struct from the struct whose metadata is written: through the
    /// nearest context that declares it, or by its name alone when the struct or one around it
    /// does.
    static func path(to name: String, from contexts: [(shape: Shape, prefix: String)]) -> String {
        for context in contexts where context.shape.declaredStructNames.contains(name) {
            return context.prefix + name
        }
        return name
    }
}
