import ApogeeAPI

/// One step that every operation passes through on its way to the server and back.
///
/// Interceptors are shaped like middleware: each gets the request and `next`, the rest of the
/// chain. It can change the request before calling `next`, not call it at all (throw
/// ``ApogeeError/declined(reason:)`` to refuse, or return a result of its own), look at or
/// replace the result `next` returns, call `next` again to retry from its place in the chain,
/// or throw ``RestartChain`` to run the whole chain again.
///
/// ```swift
/// struct TokenAddingInterceptor: GraphQLInterceptor {
///     let tokens: InMemoryTokenStore
///
///     func intercept<Operation: GraphQLOperation>(
///         _ request: GraphQLRequest<Operation>,
///         next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
///     ) async throws -> GraphQLResult<Operation.Data> {
///         var request = request
///         if let token = await tokens.token {
///             request.addHeader(name: "Authorization", value: token)
///         }
///         return try await next(request)
///     }
/// }
/// ```
public protocol GraphQLInterceptor: Sendable {
    /// Handles one request; call `next` to pass it on to the rest of the chain.
    func intercept<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
    ) async throws -> GraphQLResult<Operation.Data>
}

/// Thrown by an interceptor to run the whole chain again from the first interceptor, with the
/// request as the client first built it (after a token refresh, say).
///
/// The client builds a fresh chain from its ``InterceptorProvider`` and counts restarts in
/// ``RequestContext/chainRestarts``; past its limit the operation fails with
/// ``ApogeeError/tooManyChainRestarts(limit:lastReason:)``.
public struct RestartChain: Error, Sendable {
    /// Why the chain is restarted, for logs and for the error when the limit is reached.
    public var reason: String

    /// Asks for the chain to be restarted.
    public init(reason: String) {
        self.reason = reason
    }
}
