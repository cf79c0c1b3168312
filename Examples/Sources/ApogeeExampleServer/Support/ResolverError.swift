/// An error a resolver throws to put a message (and a machine-readable code) in the response.
///
/// Resolvers must not throw `GraphQLError` itself: GraphQLSwift passes such errors through
/// unchanged, without the field's `path` and `locations`, which clients need.
struct ResolverError: Error, CustomStringConvertible {
    let message: String
    /// Goes to the error's `extensions.code`.
    let code: String?

    init(_ message: String, code: String? = nil) {
        self.message = message
        self.code = code
    }

    var description: String { message }

    static func unauthenticated(_ message: String) -> ResolverError {
        ResolverError(message, code: "UNAUTHENTICATED")
    }

    static func badInput(_ message: String) -> ResolverError {
        ResolverError(message, code: "BAD_USER_INPUT")
    }
}
