/// The client-side directives that the store and the mutation updaters read (Relay's
/// connection and list directives). They are declared for validation when the schema does
/// not declare them, kept in the selection metadata, and never sent to the server.
enum ClientDirectives {
    /// The declarations, by name.
    static let declarations: [(name: String, sdl: String)] = [
        ("connection", "directive @connection(key: String!, filters: [String]) on FIELD"),
        ("appendEdge", "directive @appendEdge(connections: [ID!]!) on FIELD"),
        ("prependEdge", "directive @prependEdge(connections: [ID!]!) on FIELD"),
        ("appendNode", "directive @appendNode(connections: [ID!]!, edgeTypeName: String!) on FIELD"),
        ("prependNode", "directive @prependNode(connections: [ID!]!, edgeTypeName: String!) on FIELD"),
        ("deleteRecord", "directive @deleteRecord on FIELD"),
        ("deleteEdge", "directive @deleteEdge(connections: [ID!]!) on FIELD"),
    ]

    /// The names, for keeping them in the selection metadata.
    static let names: Set<String> = Set(declarations.map(\.name))

    /// Every operation directive the document sent to the server leaves out: these and
    /// `@catch`.
    static let unsent: Set<String> = names.union(FieldErrorDirectives.clientOnly)

    /// The client-only field that gives the record key of its parent object.
    static let clientIDField = "__id"
}
