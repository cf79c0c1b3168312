import GraphQL

/// The two directives of incremental delivery, as every schema of the server declares them:
///
/// ```graphql
/// directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT
/// directive @stream(label: String, if: Boolean! = true, initialCount: Int! = 0) on FIELD
/// ```
///
/// GraphQLSwift validates documents that use them but does not act on them: the server runs
/// the operation whole, then splits the result (``IncrementalPlan``).
enum IncrementalDirectives {
    static let deferName = "defer"
    static let streamName = "stream"

    /// `schema` with `@defer` and `@stream` beside the directives every schema has. Graphiti
    /// builds its schema with the specified directives only, so the types are taken over and
    /// the schema is built again.
    static func declared(in schema: GraphQLSchema) throws -> GraphQLSchema {
        try GraphQLSchema(
            query: schema.queryType,
            mutation: schema.mutationType,
            subscription: schema.subscriptionType,
            types: schema.typeMap.values.filter { !$0.name.hasPrefix("__") },
            directives: specified + makeDirectives()
        )
    }

    /// The directives GraphQLSwift gives a schema that names none (its own list is internal).
    static let specified: [GraphQLDirective] = [
        GraphQLIncludeDirective, GraphQLSkipDirective, GraphQLDeprecatedDirective, GraphQLSpecifiedByDirective, GraphQLOneOfDirective,
    ]

    /// `@defer` and `@stream`.
    static func makeDirectives() throws -> [GraphQLDirective] {
        let label = GraphQLArgument(type: GraphQLString, description: "Names the payloads this directive causes.")
        let condition = GraphQLArgument(
            type: GraphQLNonNull(GraphQLBoolean),
            description: "Delivers incrementally only when true.",
            defaultValue: .bool(true)
        )
        let deferDirective = try GraphQLDirective(
            name: deferName,
            description: "Delivers the fragment's fields after the rest of the response.",
            locations: [.fragmentSpread, .inlineFragment],
            args: ["label": label, "if": condition]
        )
        let streamDirective = try GraphQLDirective(
            name: streamName,
            description: "Delivers the list's items after the first `initialCount`, one by one.",
            locations: [.field],
            args: [
                "label": label, "if": condition,
                "initialCount": GraphQLArgument(
                    type: GraphQLNonNull(GraphQLInt),
                    description: "How many items come with the rest of the response.",
                    defaultValue: .number(0)
                ),
            ]
        )
        return [deferDirective, streamDirective]
    }
}
