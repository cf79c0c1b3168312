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
/// first to last, and is then sent by ``networkTransport``: over HTTP by default, with
/// subscriptions as server-sent events, or subscriptions over a WebSocket when the client is
/// given a ``GraphQLWebSocketTransport`` as its subscription transport. Every result the server sends is
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
    /// Sends the HTTP requests of ``networkTransport``, when it sends over HTTP: its
    /// ``NetworkTransport/httpTransport``.
    public var transport: (any HTTPTransport)? { networkTransport.httpTransport }
    /// The end of every chain: sends each operation and returns its results.
    public let networkTransport: any NetworkTransport
    /// Settings that apply to every operation.
    public let configuration: Configuration
    /// Where this client writes its subscription events into the store, when it has a queue of
    /// its own for them (``Configuration/subscriptionWriteQueue``).
    let subscriptionWriteQueue: DispatchQueue?
    /// Whether ``networkTransport`` keeps a request's deadline itself, asked once: a
    /// transport's answer does not change.
    let networkKeepsRequestDeadline: Bool

    /// Creates a client.
    /// - Parameters:
    ///   - url: The GraphQL endpoint.
    ///   - store: Where results are kept; a new in-memory store by default. Clients that share
    ///     a store see each other's results.
    ///   - interceptorProvider: Builds each operation's chain; the standard interceptors by default.
    ///   - transport: Sends the requests: `URLSession` by default (see
    ///     ``platformDefaultHTTPTransport()``).
    ///   - subscriptionTransport: Sends subscriptions, a ``GraphQLWebSocketTransport`` say;
    ///     `nil` (the default) sends them over `transport` as server-sent events.
    ///   - configuration: Timeouts, header fields and the use of `GET`.
    public init(
        url: URL,
        store: NormalizedStore = NormalizedStore(),
        interceptorProvider: any InterceptorProvider = DefaultInterceptorProvider(),
        transport: any HTTPTransport = platformDefaultHTTPTransport(),
        subscriptionTransport: (any NetworkTransport)? = nil,
        configuration: Configuration = Configuration()
    ) {
        let http = HTTPNetworkTransport(transport: transport)
        self.url = url
        self.store = store
        self.interceptorProvider = interceptorProvider
        self.networkTransport = subscriptionTransport.map { SplitNetworkTransport(operations: http, subscriptions: $0) } ?? http
        self.configuration = configuration
        self.subscriptionWriteQueue = SubscriptionWriteQueues.make(for: configuration)
        self.networkKeepsRequestDeadline = Self.keepsRequestDeadline(self.networkTransport)
    }

    /// Creates a client whose chains end in `networkTransport`, which sends every operation:
    /// a ``GraphQLWebSocketTransport`` for everything over one socket, say.
    /// - Parameters:
    ///   - url: The GraphQL endpoint, whose origin alone gets credentials.
    ///   - store: Where results are kept; a new in-memory store by default.
    ///   - interceptorProvider: Builds each operation's chain; the standard interceptors by default.
    ///   - networkTransport: Sends each operation and returns its results.
    ///   - configuration: Timeouts and header fields.
    public init(
        url: URL,
        store: NormalizedStore = NormalizedStore(),
        interceptorProvider: any InterceptorProvider = DefaultInterceptorProvider(),
        networkTransport: any NetworkTransport,
        configuration: Configuration = Configuration()
    ) {
        self.url = url
        self.store = store
        self.interceptorProvider = interceptorProvider
        self.networkTransport = networkTransport
        self.configuration = configuration
        self.subscriptionWriteQueue = SubscriptionWriteQueues.make(for: configuration)
        self.networkKeepsRequestDeadline = Self.keepsRequestDeadline(networkTransport)
    }
}
