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
///
/// ## Results as a stream
///
/// The chain itself carries a ``GraphQLResultStream``: one result for a query or a mutation,
/// one per event for a subscription. An interceptor implements one of two methods:
/// - ``intercept(_:next:)`` sees one result at a time, as above. For a subscription it runs
///   once to open the stream (its request changes apply, and its `next` returns the first
///   event) and again for each later event, whose `next` returns that event without sending
///   anything. Most interceptors need no more.
/// - ``interceptStream(_:next:)`` sees the request once and the whole stream, to map each
///   result with ``GraphQLResultStream/map(_:)`` or watch how the stream ends.
///
/// The chain calls ``interceptStream(_:next:)``; its default runs ``intercept(_:next:)`` as
/// described, and the default of ``intercept(_:next:)`` passes the request on unchanged.
///
/// ## Topics
/// ### Interceptors of the standard chain
/// - ``RetryInterceptor``
/// - ``AutomaticPersistedQueryInterceptor``
/// - ``AuthorizationInterceptor``
/// - ``LoggingInterceptor``
public protocol GraphQLInterceptor: Sendable {
    /// Handles one request and its result; call `next` to pass it on to the rest of the chain.
    func intercept<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
    ) async throws -> GraphQLResult<Operation.Data>

    /// Handles one request and the stream of its results; call `next` to pass the request on
    /// and get the stream from the rest of the chain.
    func interceptStream<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data>
}

extension GraphQLInterceptor {
    /// Passes the request on unchanged, for interceptors that implement only
    /// ``interceptStream(_:next:)``.
    public func intercept<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
    ) async throws -> GraphQLResult<Operation.Data> {
        try await next(request)
    }

    /// Runs ``intercept(_:next:)`` on the result of a query or a mutation, and on each event
    /// of a subscription.
    public func interceptStream<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data> {
        guard Operation.operationType == .subscription else {
            let result = try await intercept(request) { request in try await next(request).singleResult() }
            return GraphQLResultStream(result: result)
        }
        return try await EachResultInterception(interceptor: self, request: request).open(next: next)
    }
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
