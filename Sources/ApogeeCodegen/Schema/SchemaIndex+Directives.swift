import GraphQL

extension SchemaIndex {
    /// The directives the specification defines, which every schema has without declaring
    /// them; a schema that declares one of these names replaces it.
    static let builtInDirectives: [String: DirectiveDeclaration] = [
        "include": DirectiveDeclaration(
            locations: ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"],
            arguments: [InputField(name: "if", type: .nonNull(.named("Boolean")), hasDefault: false, description: nil)],
            isRepeatable: false),
        "skip": DirectiveDeclaration(
            locations: ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"],
            arguments: [InputField(name: "if", type: .nonNull(.named("Boolean")), hasDefault: false, description: nil)],
            isRepeatable: false),
        "deprecated": DirectiveDeclaration(
            locations: ["FIELD_DEFINITION", "ARGUMENT_DEFINITION", "INPUT_FIELD_DEFINITION", "ENUM_VALUE"],
            arguments: [InputField(name: "reason", type: .named("String"), hasDefault: true, description: nil)],
            isRepeatable: false),
        "specifiedBy": DirectiveDeclaration(
            locations: ["SCALAR"],
            arguments: [InputField(name: "url", type: .nonNull(.named("String")), hasDefault: false, description: nil)],
            isRepeatable: false),
        "oneOf": DirectiveDeclaration(locations: ["INPUT_OBJECT"], arguments: [], isRepeatable: false),
    ]

    /// A directive definition as the index keeps it.
    static func declaration(_ definition: DirectiveDefinition) -> DirectiveDeclaration {
        DirectiveDeclaration(
            locations: Set(definition.locations.map(\.value)),
            arguments: definition.arguments.map { argument in
                InputField(
                    name: argument.name.value, type: TypeRef(argument.type),
                    hasDefault: argument.defaultValue != nil, description: nil)
            },
            isRepeatable: definition.repeatable)
    }

    /// Adds the directives the specification defines that the schema did not declare itself.
    mutating func addBuiltInDirectives() {
        directives.merge(Self.builtInDirectives) { declared, _ in declared }
    }
}
