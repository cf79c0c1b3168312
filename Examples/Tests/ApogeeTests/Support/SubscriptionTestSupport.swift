@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// The ways a subscription travels, for tests that hold for each.
enum SubscriptionPath: Hashable, Sendable, CustomTestStringConvertible {
    /// graphql-transport-ws over a WebSocket.
    case webSocket
    /// GraphQL over server-sent events, on an HTTP stack.
    case serverSentEvents(HTTPStack)
    /// Apollo's multipart subscriptions (`subscriptionSpec=1.0`), on an HTTP stack. Not in
    /// ``allCases``: the tests of multipart subscriptions ask for it.
    case multipart(HTTPStack)

    /// The WebSocket, and server-sent events on every HTTP stack of the platform.
    static var allCases: [SubscriptionPath] {
        [.webSocket] + HTTPStack.all.map { .serverSentEvents($0) }
    }

    var testDescription: String {
        switch self {
        case .webSocket: "webSocket"
        case .serverSentEvents(let stack): "serverSentEvents over \(stack.rawValue)"
        case .multipart(let stack): "multipart over \(stack.rawValue)"
        }
    }
}

extension GraphQLWebSocketTransport.Configuration {
    /// Quick reconnects and no grace period, so tests see reconnects and closes soon. The
    /// acknowledgement may take long: under the thread sanitizer, with the whole suite in
    /// parallel, a machine can stall for seconds, and the reconnect after a timed-out
    /// acknowledgement would change what a test counts. Tests of the acknowledgement's timeout
    /// set their own.
    static func forTests(
        connectionPayload: GraphQLWebSocketTransport.ConnectionPayload = .none,
        keepAliveInterval: Duration? = nil,
        maximumAttempts: Int = 200,
        sleeper: any Sleeper = TaskSleeper(),
        maximumMessageSize: Int = 16 * 1024 * 1024,
        maximumSubscriptions: Int = 500
    ) -> Self {
        .init(
            connectionPayload: connectionPayload,
            acknowledgementTimeout: .seconds(120),
            keepAliveInterval: keepAliveInterval,
            closeGracePeriod: .zero,
            reconnection: RetryPolicy(maximumAttempts: maximumAttempts, initialDelay: .milliseconds(20), maximumDelay: .milliseconds(200)),
            sleeper: sleeper,
            maximumMessageSize: maximumMessageSize,
            maximumSubscriptions: maximumSubscriptions
        )
    }
}

/// A client and, for WebSockets, its transport.
struct SubscriptionClient: Sendable {
    let client: ApogeeClient
    let webSocket: GraphQLWebSocketTransport?
}

extension ExampleServer {
    /// A client of the live schema whose subscriptions travel over `path`.
    func liveClient(
        over path: SubscriptionPath,
        store: NormalizedStore = NormalizedStore(),
        provider: any InterceptorProvider = DefaultInterceptorProvider(retry: nil),
        webSocket configuration: GraphQLWebSocketTransport.Configuration = .forTests()
    ) -> SubscriptionClient {
        subscriptionClient(endpoint: liveURL, over: path, store: store, provider: provider, webSocket: configuration)
    }

    /// A client of `endpoint` whose subscriptions travel over `path`.
    func subscriptionClient(
        endpoint: URL,
        over path: SubscriptionPath,
        store: NormalizedStore = NormalizedStore(),
        provider: any InterceptorProvider = DefaultInterceptorProvider(retry: nil),
        webSocket configuration: GraphQLWebSocketTransport.Configuration = .forTests()
    ) -> SubscriptionClient {
        switch path {
        case .webSocket:
            let webSocket = GraphQLWebSocketTransport(url: endpoint.webSocketURL, configuration: configuration, stack: .platform)
            return SubscriptionClient(
                client: ApogeeClient(url: endpoint, store: store, interceptorProvider: provider, subscriptionTransport: webSocket),
                webSocket: webSocket
            )
        case .serverSentEvents(let stack):
            let http = HTTPNetworkTransport(transport: stack.makeTransport(), eventStreamReconnection: configuration.reconnection)
            return SubscriptionClient(client: ApogeeClient(url: endpoint, store: store, interceptorProvider: provider, networkTransport: http), webSocket: nil)
        case .multipart(let stack):
            var http = HTTPNetworkTransport(
                transport: stack.makeTransport(), eventStreamReconnection: configuration.reconnection, sleeper: configuration.sleeper)
            http.subscriptionProtocol = .multipart
            return SubscriptionClient(client: ApogeeClient(url: endpoint, store: store, interceptorProvider: provider, networkTransport: http), webSocket: nil)
        }
    }

    /// Waits until the server has seen `count` subscriptions start.
    func waitForSubscriptions(_ count: Int) async {
        await waitForSubscriptionEvents { events in Self.subscriptionsStarted(in: events) >= count }
    }

    /// How many subscriptions the server has seen start.
    var subscriptionsStarted: Int {
        Self.subscriptionsStarted(in: subscriptionEvents)
    }

    private static func subscriptionsStarted(in events: [SubscriptionEvent]) -> Int {
        events.filter { if case .subscribed = $0 { true } else { false } }.count
    }
}

extension GraphQLWebSocketTransport {
    /// Waits until the connection reaches a state that `condition` accepts, and returns it.
    @discardableResult
    func waitForState(_ condition: @Sendable (ConnectionState) -> Bool) async -> ConnectionState? {
        for await state in connectionStates() where condition(state) {
            return state
        }
        return nil
    }
}

/// Reads `count` results (or fewer, if the stream ends first).
func firstResults<Data>(_ count: Int, of stream: AsyncThrowingStream<GraphQLResult<Data>, any Error>) async throws -> [GraphQLResult<Data>] {
    var results: [GraphQLResult<Data>] = []
    for try await result in stream {
        results.append(result)
        if results.count == count { break }
    }
    return results
}

/// Reads a stream to its end.
func allResults<Data>(of stream: AsyncThrowingStream<GraphQLResult<Data>, any Error>) async throws -> [GraphQLResult<Data>] {
    var results: [GraphQLResult<Data>] = []
    for try await result in stream {
        results.append(result)
    }
    return results
}
