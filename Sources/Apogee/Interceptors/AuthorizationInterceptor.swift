import ApogeeAPI
import HTTPTypes

/// Adds the user's token to requests for the client's endpoint, and never to another origin.
///
/// The token is asked for on every request, so a refreshed token is used at once, and retries
/// (which pass through this interceptor again) carry the newest token. A request whose URL an
/// interceptor pointed at another origin goes without it, and the HTTP transports remove it
/// from redirects that leave the origin.
///
/// ```swift
/// let tokens = InMemoryTokenStore()
/// let provider = DefaultInterceptorProvider(authorization: AuthorizationInterceptor(tokenStore: tokens))
/// ```
public struct AuthorizationInterceptor: GraphQLStreamInterceptor {
    /// Gets the current token.
    public typealias TokenSource = @Sendable () async throws -> String?

    /// The header field that carries the token.
    public let fieldName: HTTPField.Name
    /// The scheme written before the token (`Bearer`), or `nil` to send the token alone.
    public let scheme: String?
    /// Gets the current token; the WebSocket transport asks it for `connection_init` too.
    let token: TokenSource

    /// An interceptor that asks a closure for the token.
    /// - Parameters:
    ///   - fieldName: The header field; `Authorization` by default.
    ///   - scheme: Written before the token with a space; `nil` sends the token alone, as the
    ///     server of Apollo iOS's RocketReserver tutorial expects.
    ///   - token: Returns the token to send, or `nil` to send none.
    public init(fieldName: HTTPField.Name = .authorization, scheme: String? = "Bearer", token: @escaping TokenSource) {
        self.fieldName = fieldName
        self.scheme = scheme
        self.token = token
    }

    /// An interceptor that reads the token from a store.
    public init(fieldName: HTTPField.Name = .authorization, scheme: String? = "Bearer", tokenStore: some TokenStore) {
        self.init(fieldName: fieldName, scheme: scheme) { try await tokenStore.currentToken() }
    }

    /// Adds the token when the request goes to the endpoint's origin and there is a token. A
    /// subscription gets it once, when it opens.
    public func interceptStream<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data> {
        guard request.isSentToEndpointOrigin, let token = try await token() else {
            return try await next(request)
        }
        var request = request
        request.headers[fieldName] = headerValue(for: token)
        return try await next(request)
    }

    /// The field's value for a token: the scheme, a space and the token, or the token alone.
    func headerValue(for token: String) -> String {
        scheme.map { "\($0) \(token)" } ?? token
    }
}
