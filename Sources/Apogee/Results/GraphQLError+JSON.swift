import ApogeeAPI

extension GraphQLError {
    /// Reads one entry of a response's `errors`.
    ///
    /// Only `message` is required; `locations`, `path` and `extensions` that do not have the
    /// shape the GraphQL specification gives them are left out rather than failing the whole
    /// response, since they are diagnostics and the message still says what went wrong.
    init(json: JSONValue) throws(InvalidResponseReason) {
        guard let object = json.objectValue else {
            throw .notAGraphQLResponse("an entry of 'errors' is \(json.kindDescription), not an object")
        }
        guard let message = object["message"]?.stringValue else {
            throw .notAGraphQLResponse("an entry of 'errors' has no string 'message'")
        }
        self.init(message: message, entry: object)
    }
}
