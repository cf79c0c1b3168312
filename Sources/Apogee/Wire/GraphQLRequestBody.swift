import ApogeeAPI

/// What a GraphQL-over-HTTP request carries: the four members the specification defines,
/// and the working group's `onError` when the client asks for it.
///
/// Kept structured rather than as bytes until the request is sent, so that interceptors can
/// change it (persisted queries drop ``query`` and add an extension) and so that the same
/// request can be written as a JSON body, as `GET` parameters, or as a multipart form.
public struct GraphQLRequestBody: Sendable, Hashable {
    /// The document, or `nil` when the server knows it by its hash (persisted queries).
    public var query: String?
    /// The name of the operation to run from the document.
    public var operationName: String
    /// The variables, in the order the operation declares them.
    public var variables: [InputField]
    /// Extensions to the request, such as `persistedQuery`; left out of the body when empty.
    public var extensions: JSONObject
    /// What the server does with a field error (`onError`); left out when `nil`, which
    /// servers that do not know it require.
    public var onError: ErrorBehavior?

    /// Creates a request body.
    public init(query: String?, operationName: String, variables: [InputField], extensions: JSONObject = [:]) {
        self.query = query
        self.operationName = operationName
        self.variables = variables
        self.extensions = extensions
    }

    /// The body of an operation as generated: its whole document and the variables it uses,
    /// without those only client directives or local fields use
    /// (`GraphQLOperation.__clientOnlyVariables`).
    public init<Operation: GraphQLOperation>(operation: Operation) {
        var variables = operation.variables
        let clientOnly = Operation.__clientOnlyVariables
        if !clientOnly.isEmpty { variables.removeAll { clientOnly.contains($0.name) } }
        self.init(query: Operation.document, operationName: Operation.operationName, variables: variables)
    }
}
