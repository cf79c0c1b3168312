import ApogeeAPI
import Logging

/// The standard chain: retry, then automatic persisted queries, then authorization, then
/// logging, each only when configured.
///
/// Retry comes first so that each attempt goes through the rest again (a fresh token, the
/// persisted query exchange). Logging comes last so that it logs each attempt as sent.
///
/// ```swift
/// let provider = DefaultInterceptorProvider(
///     authorization: AuthorizationInterceptor(tokenStore: tokens),
///     logger: Logger(label: "graphql")
/// )
/// ```
public struct DefaultInterceptorProvider: InterceptorProvider {
    /// Retries failed queries; `nil` for none.
    public var retry: RetryInterceptor? {
        didSet { remakeChain() }
    }
    /// Sends document hashes; `nil` to always send the document.
    public var persistedQueries: AutomaticPersistedQueryInterceptor? {
        didSet { remakeChain() }
    }
    /// Adds the user's token; `nil` to send none.
    public var authorization: AuthorizationInterceptor? {
        didSet { remakeChain() }
    }
    /// Logs requests; `nil` for no logging.
    public var logging: LoggingInterceptor? {
        didSet { remakeChain() }
    }

    /// Creates a provider.
    /// - Parameters:
    ///   - retry: Retries failed queries with backoff; the default policy by default.
    ///   - persistedQueries: Automatic persisted queries; off by default.
    ///   - authorization: Adds a token to each request for the endpoint; none by default.
    ///   - logger: Where to log requests; no logging by default.
    public init(
        retry: RetryInterceptor? = RetryInterceptor(),
        persistedQueries: AutomaticPersistedQueryInterceptor? = nil,
        authorization: AuthorizationInterceptor? = nil,
        logger: Logger? = nil
    ) {
        self.retry = retry
        self.persistedQueries = persistedQueries
        self.authorization = authorization
        self.logging = logger.map { LoggingInterceptor(logger: $0) }
        remakeChain()
    }

    /// The configured standard interceptors, in their standard order.
    public func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
        chain
    }

    /// The chain, made when an interceptor is set rather than for every request: every
    /// operation gets the same one.
    private var chain: [any GraphQLInterceptor] = []

    /// Makes ``chain`` from the configured interceptors, in the standard order.
    private mutating func remakeChain() {
        var interceptors: [any GraphQLInterceptor] = []
        interceptors.reserveCapacity(4)
        if let retry { interceptors.append(retry) }
        if let persistedQueries { interceptors.append(persistedQueries) }
        if let authorization { interceptors.append(authorization) }
        if let logging { interceptors.append(logging) }
        chain = interceptors
    }
}
