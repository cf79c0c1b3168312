/// An error the server reported in the `errors` of a GraphQL response.
///
/// GraphQL errors are part of a result, not a failure of the request: a response can carry
/// data and errors together, and the client's `GraphQLResult` delivers both. A field that failed
/// is also found where it sits in the typed data: see ``FieldResult``.
public struct GraphQLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A place in the GraphQL document that the error refers to.
    public struct Location: Sendable, Hashable {
        /// The line, from 1.
        public var line: Int
        /// The column, from 1.
        public var column: Int

        /// Creates a location.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// The server's description of the error, meant for developers.
    public var message: String
    /// Where in the document the error happened, when the server says.
    public var locations: [Location]?
    /// The response field that the error belongs to, when it came from resolving a field.
    public var path: ResponsePath?
    /// Anything else the server attached, such as a machine-readable `code`.
    public var extensions: JSONObject?

    /// Creates an error, as a server would report it.
    public init(message: String, locations: [Location]? = nil, path: ResponsePath? = nil, extensions: JSONObject? = nil) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
    }

    /// The `extensions.code` the error carries, which servers use to name kinds of errors
    /// (`PERSISTED_QUERY_NOT_FOUND`, `UNAUTHENTICATED`).
    public var code: String? {
        extensions?["code"]?.stringValue
    }

    /// The message, with the path when there is one.
    public var description: String {
        guard let path, !path.components.isEmpty else { return message }
        return "\(message) (at \(path))"
    }
}
