import ApogeeAPI
import Foundation

/// Sends operations over one WebSocket with graphql-transport-ws, the protocol of The Guild's
/// graphql-ws: subscriptions by default, and queries and mutations too when it is the client's
/// only transport.
///
/// ```swift
/// let tokens = InMemoryTokenStore()
/// let webSocket = GraphQLWebSocketTransport(
///     url: URL(string: "ws://127.0.0.1:8080/graphql")!,
///     configuration: .init(connectionPayload: .token(from: tokens))
/// )
/// let client = ApogeeClient(url: httpURL, subscriptionTransport: webSocket)
/// for try await result in client.subscribe(subscription: TripsBookedSubscription()) { … }
/// ```
///
/// The socket opens with the first subscription (`connection_init`, then `connection_ack`
/// within ``Configuration/acknowledgementTimeout``), carries every subscription under its own
/// id, sends `ping` every ``Configuration/keepAliveInterval`` and answers the server's, and
/// closes ``Configuration/closeGracePeriod`` after the last subscription ends.
///
/// When the connection is lost (the network, a server restart, a close with 1006, 4408 or
/// 4504, a `pong` that does not come) the transport reconnects with backoff and jitter and
/// subscribes every running subscription again; ``connectionStates()`` shows each reconnect.
/// When the server refuses the client (4400, 4401, 4403, 4406, 4409, 4429, 4500) or breaks
/// the protocol, every running subscription fails with ``ApogeeError/subscription(_:)`` and
/// nothing is retried.
///
/// The socket comes from `URLSessionWebSocketTask` unless another ``WebSocketStack`` is named.
/// FoundationNetworking cannot open WebSockets, so on Linux the `ApogeeNIOWebSocket` product's
/// `.nio` stack (SwiftNIO, swift-websocket) is the one that works.
public actor GraphQLWebSocketTransport: NetworkTransport {
    /// The `ws://` or `wss://` endpoint.
    public nonisolated let url: URL
    /// How the transport connects and reconnects.
    public nonisolated let configuration: Configuration

    /// Where the sockets come from.
    public nonisolated let stack: WebSocketStack
    /// The running subscriptions, by id, behind a lock so that a socket's reading task can hand
    /// a subscription its events without a hop through the actor (``eventRouter()``). Only the
    /// actor changes it, and each change stores a whole new table, so the reading task sees
    /// either the table before a change or the one after.
    private let routes = Locked<[String: Subscriber]>([:])
    /// The last id handed out; ids are never reused, so a late message for a finished
    /// subscription is told apart from one for an id the client never used.
    var lastID = 0
    var socket: Socket?
    var supervisor: Task<Void, Never>?
    var idleClose: Task<Void, Never>?
    /// When an idle socket closes; `nil` while a subscription needs it.
    var idleDeadline: ContinuousClock.Instant?
    var state: ConnectionState = .idle
    var stateObservers: [Int: AsyncStream<ConnectionState>.Continuation] = [:]
    var lastObserverID = 0

    /// Creates a transport for the endpoint at `url` (`ws://…` or `wss://…`) whose sockets come
    /// from `stack`.
    public init(url: URL, configuration: Configuration = Configuration(), stack: WebSocketStack = .urlSession) {
        self.url = url
        self.configuration = configuration
        self.stack = stack
    }

    /// Subscribes (or runs a query or a mutation) over the socket, connecting first if needed.
    ///
    /// The stream ends when the server completes the operation. Stopping its iteration, or
    /// cancelling the task that reads it, sends `complete` so the server stops too.
    public func send<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data> {
        guard subscribers.count < configuration.maximumSubscriptions else {
            throw ApogeeError.subscription(.tooManySubscriptions(limit: configuration.maximumSubscriptions))
        }
        lastID += 1
        let id = String(lastID)
        let policy: AsyncThrowingStream<JSONObject, any Error>.Continuation.BufferingPolicy = .bufferingNewest(configuration.bufferedResultsLimit)
        let (payloads, continuation) = AsyncThrowingStream<JSONObject, any Error>.makeStream(bufferingPolicy: policy)
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.subscriberStopped(id) }
        }
        subscribers[id] = Subscriber(body: request.body, results: continuation)
        // The idle timer, if it runs, wakes at its deadline, finds none and ends.
        idleDeadline = nil
        if let socket, socket.isAcknowledged {
            await socket.connection.send(GraphQLWebSocketClientMessage.subscribe(id: id, body: request.body))
        } else {
            startSupervisorIfNeeded()
        }
        return GraphQLResultStream(unfolding: {
            var iterator = payloads.makeAsyncIterator()
            // Only operations with `@defer` or `@stream` have payloads that continue others.
            var increments = Operation.__deliversIncrementally ? IncrementalResultDecoder() : nil
            return {
                guard let payload = try await iterator.next() else { return nil }
                do {
                    if let result: GraphQLResult<Operation.Data> = try increments?.result(decoding: payload) { return result }
                    return try GraphQLResult<Operation.Data>(decodingResponseObject: payload)
                } catch let reason as InvalidResponseReason {
                    throw ApogeeError.subscription(.malformedMessage("a result for subscription \(id) that is not a GraphQL response: \(reason)"))
                }
            }
        })
    }

    /// The connection's state now and at each change, for as long as the caller iterates.
    public func connectionStates() -> AsyncStream<ConnectionState> {
        lastObserverID += 1
        let observerID = lastObserverID
        let (states, continuation) = AsyncStream<ConnectionState>.makeStream()
        continuation.yield(state)
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.removeStateObserver(observerID) }
        }
        stateObservers[observerID] = continuation
        return states
    }

    /// The connection's state now.
    public var connectionState: ConnectionState { state }

    /// The number of subscriptions running on this transport.
    public var activeSubscriptionCount: Int { subscribers.count }

    /// Ends every subscription (each gets `CancellationError`), tells the server with a
    /// `complete` for each one the connection had started, and closes the socket.
    public func close() async {
        let running = subscribers
        subscribers.removeAll()
        for subscriber in running.values { subscriber.results.finish(throwing: CancellationError()) }
        if let socket, socket.isAcknowledged {
            for id in running.keys.sorted() {
                await socket.connection.send(GraphQLWebSocketClientMessage.complete(id: id))
            }
        }
        supervisor?.cancel()
        supervisor = nil
        await socket?.close(for: .closedByClient, code: WebSocketCloseCode.normalClosure, message: "")
        socket = nil
        setState(.idle)
    }

    /// Closes the socket as ``close()`` does.
    public func shutdown() async throws {
        await close()
    }

    /// The running subscriptions, by id.
    var subscribers: [String: Subscriber] {
        get { routes.withLock { $0 } }
        set { routes.withLock { $0 = newValue } }
    }

    /// Hands each `next` message of a running subscription to it, on the reading task of the
    /// socket; every other frame (and one for an id not running) goes on to the actor.
    ///
    /// Events are most of the traffic, and passing each through the actor would cost one more
    /// task switch per event. Order holds: a subscription's events all take this path once it
    /// runs, since it is in the table before its `subscribe` goes out.
    nonisolated func eventRouter() -> TextFrameHandler {
        let routes = self.routes
        let failsWhenFull = configuration.failsWhenConsumerFallsBehind
        let limit = configuration.bufferedResultsLimit
        return { text in
            guard case .next(let id, let payload)? = try? GraphQLWebSocketServerMessage(text: text),
                  let subscriber = routes.withLock({ $0[id] }) else { return false }
            subscriber.deliver(payload, failingWhenFull: failsWhenFull, limit: limit)
            return true
        }
    }

    func setState(_ newState: ConnectionState) {
        guard newState != state else { return }
        state = newState
        for observer in stateObservers.values { observer.yield(newState) }
    }

    private func removeStateObserver(_ id: Int) {
        stateObservers[id] = nil
    }

    /// A subscription whose consumer stopped, or that ended: when it was still running, the
    /// server is told to stop it too.
    func subscriberStopped(_ id: String) async {
        guard subscribers.removeValue(forKey: id) != nil else { return }
        if let socket, socket.isAcknowledged {
            await socket.connection.send(GraphQLWebSocketClientMessage.complete(id: id))
        }
        closeWhenIdle()
    }
}

extension GraphQLWebSocketTransport {
    /// A running subscription: what to send to (re)subscribe, and where its results go.
    struct Subscriber: Sendable {
        let body: GraphQLRequestBody
        let results: AsyncThrowingStream<JSONObject, any Error>.Continuation

        /// Passes a result on, or fails the subscription when the consumer is too far behind
        /// and the configuration says so.
        func deliver(_ payload: JSONObject, failingWhenFull: Bool, limit: Int) {
            if case .dropped = results.yield(payload), failingWhenFull {
                results.finish(throwing: ApogeeError.subscription(.consumerTooSlow(bufferedResults: limit)))
            }
        }
    }

    /// One open socket and what the transport knows of it.
    final class Socket: Sendable {
        let connection: any WebSocketConnection
        /// How long a close the transport starts waits for the server's answer.
        private let closeTimeout: Duration
        private let status = Locked((acknowledgedAt: ContinuousClock.Instant?.none, closing: ClosingReason?.none, pongPending: false))

        init(connection: any WebSocketConnection, closeTimeout: Duration) {
            self.connection = connection
            self.closeTimeout = closeTimeout
        }

        /// The server sent `connection_ack`.
        var isAcknowledged: Bool { acknowledgedAt != nil }

        /// When the server sent `connection_ack`, if it did.
        var acknowledgedAt: ContinuousClock.Instant? {
            status.withLock { $0.acknowledgedAt }
        }

        /// Records the server's `connection_ack`; returns `false` for a second one.
        func acknowledge() -> Bool {
            status.withLock { status in
                guard status.acknowledgedAt == nil else { return false }
                status.acknowledgedAt = .now
                return true
            }
        }

        /// Why the transport itself closes the socket, if it does: the close code the socket
        /// reports then is not the server's word.
        var closing: ClosingReason? {
            status.withLock { $0.closing }
        }

        /// A `ping` went out and its `pong` has not come back.
        var isPongPending: Bool {
            get { status.withLock { $0.pongPending } }
            set { status.withLock { $0.pongPending = newValue } }
        }

        /// Closes the socket for `reason`, unless it is closing already. A server that has
        /// not answered the close within the close timeout is dropped: the connection may be
        /// half open, and reading on would wait forever.
        func close(for reason: ClosingReason, code: UInt16, message: String) async {
            let first = status.withLock { status -> Bool in
                guard status.closing == nil else { return false }
                status.closing = reason
                return true
            }
            guard first else { return }
            // Started before the close frame is written: a write to a dead peer can block too.
            let connection = self.connection
            let timeout = closeTimeout
            Task {
                try? await Task.sleep(for: timeout)
                connection.abort(reason: "no answer to the close within \(timeout)")
            }
            await connection.close(code: code, reason: message)
        }
    }

    /// Why the transport closed a socket itself.
    enum ClosingReason: Sendable {
        case idle
        case closedByClient
        case acknowledgementTimeout
        case keepAliveTimeout
        case protocolFailure(SubscriptionError)
    }
}
