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
/// several for incremental delivery, one per event for a subscription (see
/// ``ResultDelivery``). ``intercept(_:next:)`` is written for one result, and the chain runs
/// it on every result of every stream: once to open the stream (its request changes apply,
/// and its `next` returns the first result), and again for each later result, whose `next`
/// returns that result without sending anything. So an interceptor written for one result
/// never drops the later results of a stream, and most interceptors need no more.
///
/// To see the request once and the whole stream, to map each result with
/// ``GraphQLResultStream/map(_:)`` or watch how the stream ends, conform to
/// ``GraphQLStreamInterceptor`` instead.
///
/// ## Topics
/// ### Interceptors of the standard chain
/// - ``RetryInterceptor``
/// - ``AutomaticPersistedQueryInterceptor``
/// - ``AuthorizationInterceptor``
/// - ``LoggingInterceptor``
public protocol GraphQLInterceptor: Sendable {
    /// Handles one request and one of its results; call `next` to pass the request on and get
    /// the result from the rest of the chain.
    func intercept<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
    ) async throws -> GraphQLResult<Operation.Data>

    /// Handles one request and the stream of its results; what the chain calls. Its default
    /// runs ``intercept(_:next:)`` on each result; a ``GraphQLStreamInterceptor`` implements
    /// it itself.
    func interceptStream<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data>
}

extension GraphQLInterceptor {
    /// Runs ``intercept(_:next:)`` on each result of the stream: first to open it, then on
    /// each later result as it is read.
    public func interceptStream<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data> {
        try await EachResultInterception(interceptor: self, request: request).open(next: next)
    }
}

/// An interceptor that sees the request once and the whole stream of its results.
///
/// ```swift
/// struct ResultCounting: GraphQLStreamInterceptor {
///     let counter: Counter
///
///     func interceptStream<Operation: GraphQLOperation>(
///         _ request: GraphQLRequest<Operation>,
///         next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
///     ) async throws -> GraphQLResultStream<Operation.Data> {
///         try await next(request).map { result in
///             counter.increment()
///             return result
///         }
///     }
/// }
/// ```
///
/// A conforming type must implement ``GraphQLInterceptor/interceptStream(_:next:)``: one
/// that does not, does not compile, rather than silently passing every request on.
public protocol GraphQLStreamInterceptor: GraphQLInterceptor {}

extension GraphQLStreamInterceptor {
    /// Runs ``GraphQLInterceptor/interceptStream(_:next:)`` on a stream of the one result
    /// `next` returns, for a caller that has one result in mind.
    public func intercept<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
    ) async throws -> GraphQLResult<Operation.Data> {
        try await interceptStream(request) { request in GraphQLResultStream(result: try await next(request)) }.singleResult()
    }

    /// Not an implementation: it makes a stream interceptor that leaves out its own
    /// ``GraphQLInterceptor/interceptStream(_:next:)`` fail to compile.
    @available(*, unavailable, message: "a GraphQLStreamInterceptor implements interceptStream(_:next:)")
    public func interceptStream<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data> {
        try await next(request)
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
