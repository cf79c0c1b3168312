import ApogeeAPI
import Foundation
import HTTPTypes

/// Sends GraphQL operations to one endpoint through an interceptor chain.
///
/// ```swift
/// let client = ApogeeClient(url: URL(string: "https://example.com/graphql")!)
/// let result = try await client.perform(mutation: BookTripMutation(id: "25"))
/// if let bookTrips = result.data?.bookTrips { … }
/// if let errors = result.errors { … }
/// ```
///
/// Each operation runs through the interceptors that ``interceptorProvider`` builds for it,
/// first to last, and is then sent by ``transport``. Every result the server sends is
/// normalized into ``store``, which answers later queries (see ``CachePolicy``) and keeps
/// watchers up to date. A client is cheap to share: it holds no per-operation state.
public final class ApogeeClient: Sendable {
    /// The GraphQL endpoint. Credentials are only ever sent to its origin.
    public let url: URL
    /// The normalized store that every server result is written into and that cache policies
    /// and watchers read. Use it directly for cache transactions and garbage collection:
    /// `try client.store.transaction { … }`, `try client.store.gc()`.
    public let store: NormalizedStore
    /// Builds the interceptor chain for each operation.
    public let interceptorProvider: any InterceptorProvider
    /// Sends the HTTP requests.
    public let transport: any HTTPTransport
    /// Settings that apply to every operation.
    public let configuration: Configuration

    private let network: NetworkFetch

    /// Creates a client.
    /// - Parameters:
    ///   - url: The GraphQL endpoint.
    ///   - store: Where results are kept; a new in-memory store by default. Clients that share
    ///     a store see each other's results.
    ///   - interceptorProvider: Builds each operation's chain; the standard interceptors by default.
    ///   - transport: Sends the requests; `URLSession` by default.
    ///   - configuration: Timeouts, header fields and the use of `GET`.
    public init(
        url: URL,
        store: NormalizedStore = NormalizedStore(),
        interceptorProvider: any InterceptorProvider = DefaultInterceptorProvider(),
        transport: any HTTPTransport = URLSessionTransport(),
        configuration: Configuration = Configuration()
    ) {
        self.url = url
        self.store = store
        self.interceptorProvider = interceptorProvider
        self.transport = transport
        self.configuration = configuration
        self.network = NetworkFetch(transport: transport)
    }

    /// The request the chain starts from: the operation at the endpoint, with the configured
    /// header fields and the method its kind allows.
    func makeRequest<Operation: GraphQLOperation>(for operation: Operation, context: RequestContext) -> GraphQLRequest<Operation> {
        var headers = configuration.headers
        headers[.accept] = GraphQLRequest<Operation>.acceptedMediaTypes
        if let key = context.idempotencyKey { headers[.idempotencyKey] = key }
        let method: HTTPRequest.Method = Operation.operationType == .query && configuration.useGETForQueries ? .get : .post
        return GraphQLRequest(operation: operation, endpoint: url, method: method, headers: headers, timeout: configuration.timeout, context: withUploadDefaults(context))
    }

    /// Runs an operation through a fresh chain, again from the start each time an interceptor
    /// throws ``RestartChain``, up to the configured limit.
    func send<Operation: GraphQLOperation>(_ operation: Operation, context: RequestContext) async throws -> GraphQLResult<Operation.Data> {
        var request = makeRequest(for: operation, context: context)
        while true {
            let chain = InterceptorChain<Operation>(interceptors: interceptorProvider.interceptors(for: operation), network: network)
            do {
                return try await chain.proceed(request)
            } catch let restart as RestartChain {
                guard request.context.chainRestarts < configuration.maximumChainRestarts else {
                    throw ApogeeError.tooManyChainRestarts(limit: configuration.maximumChainRestarts, lastReason: restart.reason)
                }
                request.context.chainRestarts += 1
            }
        }
    }
}
