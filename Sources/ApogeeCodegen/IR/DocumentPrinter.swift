import GraphQL

/// Prints the text sent to the server: one line per definition, `__typename` added to every
/// object selection (so responses can be normalized), client directives and `__id` removed.
enum DocumentPrinter {
    static func print(_ operation: OperationDefinition, fragments: [String: FragmentDefinition]) -> String {
        var text = operation.operation.rawValue
        if let name = operation.name?.value { text += " " + name }
        let used = usedVariables(in: operation, fragments: fragments)
        let definitions = operation.variableDefinitions.filter { used.contains($0.variable.name.value) }
        if !definitions.isEmpty {
            text += "(" + definitions.map { definition in
                "$\(definition.variable.name.value): \(TypeRef(definition.type).graphQLText)"
                    + (definition.defaultValue.map { " = " + print($0) } ?? "") + directives(definition.directives)
            }.joined(separator: ", ") + ")"
        }
        text += directives(operation.directives)
        return text + " " + selectionSet(operation.selectionSet, addTypename: false)
    }

    static func print(_ fragment: FragmentDefinition) -> String {
        "fragment \(fragment.name.value) on \(fragment.typeCondition.name.value)" + directives(fragment.directives) + " "
            + selectionSet(fragment.selectionSet, addTypename: true)
    }

    private static func selectionSet(_ set: GraphQL.SelectionSet, addTypename: Bool) -> String {
        var parts: [String] = []
        var hasTypename = false
        for selection in set.selections {
            switch selection {
            case let field as Field:
                let name = field.name.value
                if name == ClientDirectives.clientIDField { continue }
                if name == "__typename", field.alias == nil, field.directives.isEmpty { hasTypename = true }
                var text = field.alias.map { $0.value + ": " } ?? ""
                text += name + arguments(field.arguments) + directives(field.directives)
                if let nested = field.selectionSet {
                    text += " " + selectionSet(nested, addTypename: true)
                }
                parts.append(text)
            case let inline as InlineFragment:
                let inner = selectionSet(inline.selectionSet, addTypename: false)
                if inner == "{ }" { continue }
                parts.append("..." + (inline.typeCondition.map { " on " + $0.name.value } ?? "") + directives(inline.directives) + " " + inner)
            case let spread as FragmentSpread:
                parts.append("..." + spread.name.value + directives(spread.directives))
            default:
                break
            }
        }
        if addTypename, !hasTypename { parts.insert("__typename", at: 0) }
        return "{ " + parts.joined(separator: " ") + " }"
    }

    private static func arguments(_ arguments: [Argument]) -> String {
        arguments.isEmpty ? "" : "(" + arguments.map { "\($0.name.value): \(print($0.value))" }.joined(separator: ", ") + ")"
    }

    private static func directives(_ directives: [Directive]) -> String {
        directives.filter { !ClientDirectives.names.contains($0.name.value) }.map { " @" + $0.name.value + arguments($0.arguments) }.joined()
    }

    static func print(_ value: Value) -> String {
        switch value {
        case let variable as Variable: "$" + variable.name.value
        case let int as IntValue: int.value
        case let float as FloatValue: float.value
        case let string as StringValue: GraphQLText.quoted(string.value)
        case let boolean as BooleanValue: boolean.value ? "true" : "false"
        case let enumValue as EnumValue: enumValue.value
        case let list as ListValue: "[" + list.values.map(print).joined(separator: ", ") + "]"
        case let object as ObjectValue: "{" + object.fields.map { "\($0.name.value): \(print($0.value))" }.joined(separator: ", ") + "}"
        default: "null"
        }
    }
}
