import Foundation

/// Prints an introspected schema as SDL: our own printer, because GraphQLSwift's `printSchema`
/// traps on schemas like GitHub's (input object defaults such as `{}`).
extension IntrospectionSchema {
    /// Directives every GraphQL server has; printing them would redefine them.
    private static let builtInDirectives: Set<String> = ["skip", "include", "deprecated", "specifiedBy", "oneOf"]

    /// The schema as SDL text, types in name order, ending with a newline.
    func sdl(includeDescriptions: Bool = true) -> String {
        guard includeDescriptions else { return withoutDescriptions().sdl() }
        var blocks: [String] = []
        let defaultRoots = (queryType ?? "Query") == "Query" && (mutationType ?? "Mutation") == "Mutation"
            && (subscriptionType ?? "Subscription") == "Subscription"
        if !defaultRoots {
            var lines = ["schema {"]
            if let queryType { lines.append("  query: \(queryType)") }
            if let mutationType { lines.append("  mutation: \(mutationType)") }
            if let subscriptionType { lines.append("  subscription: \(subscriptionType)") }
            lines.append("}")
            blocks.append(lines.joined(separator: "\n"))
        }
        for directive in directives.sorted(by: { $0.name < $1.name }) where !Self.builtInDirectives.contains(directive.name) {
            blocks.append(Self.print(directive))
        }
        for type in types.sorted(by: { $0.name < $1.name }) where !type.name.hasPrefix("__") && !SchemaIndex.builtInScalars.contains(type.name) {
            blocks.append(Self.print(type))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private static func print(_ directive: Directive) -> String {
        description(directive.description, indent: "")
            + "directive @\(directive.name)\(arguments(directive.arguments, indent: ""))"
            + (directive.isRepeatable ? " repeatable" : "")
            + " on " + directive.locations.joined(separator: " | ")
    }

    private static func print(_ type: NamedType) -> String {
        let head = description(type.description, indent: "")
        switch type.kind {
        case "OBJECT", "INTERFACE":
            let keyword = type.kind == "OBJECT" ? "type" : "interface"
            let implements = type.interfaces.isEmpty ? "" : " implements " + type.interfaces.joined(separator: " & ")
            let fields = type.fields.map { field in
                description(field.description, indent: "  ") + "  \(field.name)\(arguments(field.arguments, indent: "  ")): "
                    + field.type.graphQLText + deprecated(field.deprecationReason)
            }
            return head + "\(keyword) \(type.name)\(implements)" + body(fields)
        case "UNION":
            return head + "union \(type.name)" + (type.possibleTypes.isEmpty ? "" : " = " + type.possibleTypes.joined(separator: " | "))
        case "ENUM":
            let values = type.enumValues.map { value in
                description(value.description, indent: "  ") + "  " + value.name + deprecated(value.deprecationReason)
            }
            return head + "enum \(type.name)" + body(values)
        case "INPUT_OBJECT":
            let fields = type.inputFields.map { inputValue($0, indent: "  ") }
            return head + "input \(type.name)" + body(fields)
        default:
            let specified = type.specifiedByURL.map { " @specifiedBy(url: \(quoted($0)))" } ?? ""
            return head + "scalar \(type.name)" + specified
        }
    }

    private static func body(_ lines: [String]) -> String {
        lines.isEmpty ? "" : " {\n" + lines.joined(separator: "\n") + "\n}"
    }

    private static func inputValue(_ value: InputValue, indent: String) -> String {
        description(value.description, indent: indent) + indent + "\(value.name): \(value.type.graphQLText)"
            + (value.defaultValue.map { " = \($0)" } ?? "") + deprecated(value.deprecationReason)
    }

    /// Arguments on one line, or one per line when any has a description.
    private static func arguments(_ arguments: [InputValue], indent: String) -> String {
        if arguments.isEmpty { return "" }
        if arguments.allSatisfy({ $0.description == nil }) {
            return "(" + arguments.map { inputValue($0, indent: "") }.joined(separator: ", ") + ")"
        }
        let inner = indent + "  "
        return "(\n" + arguments.map { inputValue($0, indent: inner) }.joined(separator: "\n") + "\n\(indent))"
    }

    private static func deprecated(_ reason: String?) -> String {
        guard let reason else { return "" }
        return reason == "No longer supported" ? " @deprecated" : " @deprecated(reason: \(quoted(reason)))"
    }

    /// A description as a block string above the definition.
    private static func description(_ text: String?, indent: String) -> String {
        guard let text, !text.isEmpty else { return "" }
        let escaped = text.replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"")
        let lines = escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty ? "" : indent + line
        }
        return indent + "\"\"\"\n" + lines.joined(separator: "\n") + "\n" + indent + "\"\"\"\n"
    }

    /// A GraphQL string literal.
    static func quoted(_ text: String) -> String {
        GraphQLText.quoted(text)
    }

    /// The same schema with every description removed, for comparing schemas by shape.
    private func withoutDescriptions() -> IntrospectionSchema {
        var copy = self
        func strip(_ values: [InputValue]) -> [InputValue] {
            values.map { var value = $0; value.description = nil; return value }
        }
        copy.types = types.map { type in
            var type = type
            type.description = nil
            type.fields = type.fields.map { var field = $0; field.description = nil; field.arguments = strip(field.arguments); return field }
            type.inputFields = strip(type.inputFields)
            type.enumValues = type.enumValues.map { var value = $0; value.description = nil; return value }
            return type
        }
        copy.directives = directives.map { var directive = $0; directive.description = nil; directive.arguments = strip(directive.arguments); return directive }
        return copy
    }
}
