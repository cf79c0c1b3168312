/// Where ``AuthorizationInterceptor`` gets the current token.
///
/// Conform a keychain wrapper, a refreshing OAuth session or anything that knows the token.
public protocol TokenStore: Sendable {
    /// The token to send now, or `nil` when there is none (the user is logged out).
    func currentToken() async throws -> String?
}

/// A token kept in memory, set after logging in and cleared on logging out.
public actor InMemoryTokenStore: TokenStore {
    /// The token, if any.
    public private(set) var token: String?

    /// Creates a store, optionally with a token.
    public init(token: String? = nil) {
        self.token = token
    }

    /// Replaces the token; `nil` clears it.
    public func setToken(_ token: String?) {
        self.token = token
    }

    /// The token set last.
    public func currentToken() -> String? {
        token
    }
}
