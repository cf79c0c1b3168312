import GraphQL

/// Prints the text sent to the server: one line per definition, `__typename` added to every
/// object selection (so responses can be normalized), client directives, `__id` and local
/// fields removed.
///
/// A local field (one a client schema extension adds to a server type) goes with its
/// arguments and directives, and a variable only it uses goes with it. A nested selection set
/// left with no server field still has `__typename`, so its field stays and links the object
/// whose local fields the store keeps.
enum DocumentPrinter {
    /// The operation's text, or `nil` when it selects nothing but local fields, so that
    /// nothing would be left to send.
    static func print(_ operation: OperationDefinition, rootType: String, fragments: [String: FragmentDefinition], schema: SchemaIndex) -> String? {
        var text = operation.operation.rawValue
        if let name = operation.name?.value { text += " " + name }
        let used = usedVariables(in: operation, rootType: rootType, fragments: fragments, schema: schema)
        let definitions = operation.variableDefinitions.filter { used.contains($0.variable.name.value) }
        if !definitions.isEmpty {
            text += "(" + definitions.map { definition in
                "$\(definition.variable.name.value): \(TypeRef(definition.type).graphQLText)"
                    + (definition.defaultValue.map { " = " + print($0) } ?? "") + directives(definition.directives)
            }.joined(separator: ", ") + ")"
        }
        text += directives(operation.directives)
        let parts = selections(operation.selectionSet, parent: rootType, addTypename: false, schema: schema)
        return parts.isEmpty ? nil : text + " " + braced(parts)
    }

    static func print(_ fragment: FragmentDefinition, schema: SchemaIndex) -> String {
        let typeCondition = fragment.typeCondition.name.value
        return "fragment \(fragment.name.value) on \(typeCondition)" + directives(fragment.directives) + " "
            + braced(selections(fragment.selectionSet, parent: typeCondition, addTypename: true, schema: schema))
    }

    /// Whether a field selected on `parent` is local, so never sent.
    static func isLocal(_ field: Field, on parent: String, schema: SchemaIndex) -> Bool {
        schema.hasLocalFields && schema.field(field.name.value, on: parent)?.isLocal == true
    }

    /// The type a field selected on `parent` returns, which its own selections are made on.
    static func returnedType(of field: Field, on parent: String, schema: SchemaIndex) -> String {
        schema.field(field.name.value, on: parent)?.type.namedType ?? parent
    }

    /// Whether an inline fragment's selections would all be left out (local fields alone), so
    /// that the fragment, and the variables of its directives, are not sent either.
    static func sendsNothing(_ set: GraphQL.SelectionSet, parent: String, schema: SchemaIndex) -> Bool {
        selections(set, parent: parent, addTypename: false, schema: schema).isEmpty
    }

    private static func braced(_ parts: [String]) -> String {
        "{ " + parts.joined(separator: " ") + " }"
    }

    private static func selections(_ set: GraphQL.SelectionSet, parent: String, addTypename: Bool, schema: SchemaIndex) -> [String] {
        var parts: [String] = []
        var hasTypename = false
        for selection in set.selections {
            switch selection {
            case let field as Field:
                let name = field.name.value
                if name == ClientDirectives.clientIDField || isLocal(field, on: parent, schema: schema) { continue }
                if name == "__typename", field.alias == nil, field.directives.isEmpty { hasTypename = true }
                var text = field.alias.map { $0.value + ": " } ?? ""
                text += name + arguments(field.arguments) + directives(field.directives)
                if let nested = field.selectionSet {
                    text += " " + braced(selections(nested, parent: returnedType(of: field, on: parent, schema: schema), addTypename: true, schema: schema))
                }
                parts.append(text)
            case let inline as InlineFragment:
                let inner = selections(inline.selectionSet, parent: inline.typeCondition?.name.value ?? parent, addTypename: false, schema: schema)
                if inner.isEmpty { continue }
                parts.append("..." + (inline.typeCondition.map { " on " + $0.name.value } ?? "") + directives(inline.directives) + " " + braced(inner))
            case let spread as FragmentSpread:
                parts.append("..." + spread.name.value + directives(spread.directives))
            default:
                break
            }
        }
        if addTypename, !hasTypename { parts.insert("__typename", at: 0) }
        return parts
    }

    private static func arguments(_ arguments: [Argument]) -> String {
        arguments.isEmpty ? "" : "(" + arguments.map { "\($0.name.value): \(print($0.value))" }.joined(separator: ", ") + ")"
    }

    private static func directives(_ directives: [Directive]) -> String {
        directives.filter { !ClientDirectives.unsent.contains($0.name.value) }.map { " @" + $0.name.value + arguments($0.arguments) }.joined()
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
