@testable import Apogee
@testable import ApogeeTesting
import Foundation
import HTTPTypes
import LiveFixtures
import TestSupport
import Testing

/// Servers the example server does not imitate: a stock server's same-origin check, another
/// subprotocol, a half-open connection that answers neither `ping` nor the close frame, a server
/// that acknowledges and drops at once, a frame over the limit. Each over a real socket on
/// loopback, to a server that behaves as told (``HostileWebSocketServer``).
///
/// A test of a peer that never answers would wait forever on a client that waits forever, so
/// the suite has a time limit: a hang fails instead of stalling the run.
@Suite(.timeLimit(.minutes(2)))
struct WebSocketHostileServerTests {
    /// A client whose subscriptions go to `server`.
    private func client(of server: HostileWebSocketServer, _ configuration: GraphQLWebSocketTransport.Configuration) -> (ApogeeClient, GraphQLWebSocketTransport) {
        let webSocket = GraphQLWebSocketTransport(url: server.url, configuration: configuration, stack: .platform)
        return (ApogeeClient(url: server.url, subscriptionTransport: webSocket), webSocket)
    }

    @Test func aPeerThatStopsAnsweringAfterTheAcknowledgementIsDroppedAndReconnected() async throws {
        var behaviour = HostileWebSocketServer.Behaviour()
        behaviour.answersPings = false
        behaviour.answersClose = false
        let server = try await HostileWebSocketServer.start(behaviour)
        var configuration = GraphQLWebSocketTransport.Configuration.forTests(keepAliveInterval: .milliseconds(200))
        configuration.closeTimeout = .milliseconds(200)
        let (client, webSocket) = client(of: server, configuration)
        let events = client.subscribe(subscription: CounterChangedSubscription(id: "h"))
        let reading = Task { await failure(of: events) }
        await server.events.wait { $0.contains(.message(socket: 1, type: "subscribe")) }
        let acknowledged = ContinuousClock.now
        // The missing pong is noticed at the second interval; the close goes unanswered.
        await server.events.wait { $0.contains(.closeFrame(socket: 1)) }
        await server.events.wait { $0.contains(.ended(socket: 1)) && $0.contains(.opened(2)) }
        let reconnected = ContinuousClock.now - acknowledged
        await webSocket.waitForState { $0 == .connected }
        await server.events.wait { $0.contains(.message(socket: 2, type: "subscribe")) }
        // Two keep-alive intervals, the close timeout and a backoff (under a second), with room
        // for the thread sanitizer's run on a loaded machine; a client that never noticed hangs.
        #expect(reconnected < .seconds(60))
        reading.cancel()
        await webSocket.close()
        await server.shutdown()
    }

    @Test func aPeerThatNeverAcknowledgesAndIgnoresTheCloseIsDroppedAndReconnected() async throws {
        var behaviour = HostileWebSocketServer.Behaviour()
        behaviour.acknowledges = false
        behaviour.answersClose = false
        let server = try await HostileWebSocketServer.start(behaviour)
        var configuration = GraphQLWebSocketTransport.Configuration.forTests()
        configuration.acknowledgementTimeout = .milliseconds(200)
        configuration.closeTimeout = .milliseconds(200)
        let (client, webSocket) = client(of: server, configuration)
        let reading = Task { await failure(of: client.subscribe(subscription: CounterChangedSubscription(id: "a"))) }
        await server.events.wait { $0.contains(.message(socket: 1, type: "connection_init")) }
        let initialised = ContinuousClock.now
        await server.events.wait { $0.contains(.closeFrame(socket: 1)) }
        await server.events.wait { $0.contains(.ended(socket: 1)) && $0.contains(.message(socket: 2, type: "connection_init")) }
        // The acknowledgement timeout, the close timeout and a backoff (under a second), with
        // room for the thread sanitizer's run on a loaded machine.
        #expect(ContinuousClock.now - initialised < .seconds(60))
        let state = await webSocket.connectionState
        #expect(state != .connected)
        reading.cancel()
        await webSocket.close()
        await server.shutdown()
    }

    @Test func aSameOriginCheckOnAnotherPortAcceptsTheEndpointsOwnOrigin() async throws {
        var behaviour = HostileWebSocketServer.Behaviour()
        behaviour.requiresSameOrigin = true
        let server = try await HostileWebSocketServer.start(behaviour)
        let (client, webSocket) = client(of: server, .forTests())
        let reading = Task { await failure(of: client.subscribe(subscription: CounterChangedSubscription(id: "o"))) }
        await server.events.wait { $0.contains(.message(socket: 1, type: "subscribe")) }
        let fields = try #require(server.upgradeRequests.first)
        #expect(fields["origin"] == "http://127.0.0.1:\(server.port)")
        #expect(fields["host"] == "127.0.0.1:\(server.port)")
        #expect(fields["sec-websocket-protocol"] == "graphql-transport-ws")
        reading.cancel()
        await webSocket.close()
        await server.shutdown()
    }

    @Test func anOriginInTheHeadersReplacesTheEndpointsOwnAndARefusalGivesTheStatus() async throws {
        var behaviour = HostileWebSocketServer.Behaviour()
        behaviour.requiresSameOrigin = true
        let server = try await HostileWebSocketServer.start(behaviour)
        var configuration = GraphQLWebSocketTransport.Configuration.forTests()
        configuration.headers[.origin] = "https://app.example.com"
        let (client, _) = client(of: server, configuration)
        let error = await failure(of: client.subscribe(subscription: CounterChangedSubscription(id: "r")))
        guard let failure = error?.subscriptionError, failure.code == .upgradeFailed, let detail = failure.message else {
            Issue.record("expected a refused upgrade, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("HTTP 403 Forbidden"))
        #expect(server.upgradeRequests.map { $0["origin"] } == ["https://app.example.com"])
        #expect(server.openedSockets == 0)
        await server.shutdown()
    }

    @Test func noOriginIsSentWhenTurnedOff() async throws {
        let server = try await HostileWebSocketServer.start(HostileWebSocketServer.Behaviour())
        var configuration = GraphQLWebSocketTransport.Configuration.forTests()
        configuration.sendsOrigin = false
        let (client, webSocket) = client(of: server, configuration)
        let reading = Task { await failure(of: client.subscribe(subscription: CounterChangedSubscription(id: "n"))) }
        await server.events.wait { $0.contains(.message(socket: 1, type: "subscribe")) }
        let fields = try #require(server.upgradeRequests.first)
        #expect(fields["origin"] == nil)
        reading.cancel()
        await webSocket.close()
        await server.shutdown()
    }

    @Test(arguments: [HostileWebSocketServer.Behaviour.Subprotocol.named("graphql-ws"), .none])
    func aServerThatAcceptsAnotherSubprotocolFailsTheConnection(answer: HostileWebSocketServer.Behaviour.Subprotocol) async throws {
        var behaviour = HostileWebSocketServer.Behaviour()
        behaviour.subprotocol = answer
        let server = try await HostileWebSocketServer.start(behaviour)
        let (client, webSocket) = client(of: server, .forTests())
        let error = await failure(of: client.subscribe(subscription: CounterChangedSubscription(id: "s")))
        guard let failure = error?.subscriptionError, failure.code == .upgradeFailed, let detail = failure.message else {
            Issue.record("expected a failed upgrade, got \(String(describing: error))")
            return
        }
        let named = if case .named = answer { "subprotocol \"graphql-ws\"" } else { "no subprotocol" }
        #expect(detail.contains("accepted the WebSocket with \(named), not graphql-transport-ws"))
        // Refused for good: no second try, and no message sent on the socket.
        #expect(server.upgradeRequests.count == 1)
        #expect(!server.events.values.contains { if case .message = $0 { true } else { false } })
        #expect(await webSocket.connectionState == .closed(.upgradeFailed(detail)))
        await server.shutdown()
    }

    @Test func acknowledgedConnectionsThatDropAtOnceAreBackedOffAndCounted() async throws {
        var behaviour = HostileWebSocketServer.Behaviour()
        behaviour.dropsAfterAcknowledging = true
        let server = try await HostileWebSocketServer.start(behaviour)
        let sleeper = RecordingSleeper()
        let configuration = GraphQLWebSocketTransport.Configuration(
            keepAliveInterval: nil,
            closeGracePeriod: .zero,
            reconnection: RetryPolicy(maximumAttempts: 5, initialDelay: .milliseconds(10), multiplier: 2, maximumDelay: .seconds(1), jitter: 0),
            sleeper: sleeper
        )
        let (client, _) = client(of: server, configuration)
        let error = await failure(of: client.subscribe(subscription: CounterChangedSubscription(id: "f")))
        guard let failure = error?.subscriptionError, failure.code == .reconnectAttemptsExhausted, let attempts = failure.attempts else {
            Issue.record("expected the attempts to run out, got \(String(describing: error))")
            return
        }
        #expect(attempts == 5)
        #expect(sleeper.requestedDelays == [.milliseconds(10), .milliseconds(20), .milliseconds(40), .milliseconds(80)])
        #expect(server.openedSockets == 5)
        await server.shutdown()
    }

    @Test func aFrameOverTheLimitFailsTheSubscriptionsWithoutReconnecting() async throws {
        var behaviour = HostileWebSocketServer.Behaviour()
        behaviour.messageSizeAfterSubscribe = 64 * 1024
        let server = try await HostileWebSocketServer.start(behaviour)
        let (client, webSocket) = client(of: server, .forTests(maximumAttempts: 3, maximumMessageSize: 1024))
        let error = await failure(of: client.subscribe(subscription: CounterChangedSubscription(id: "l")))
        #expect(error?.subscriptionError == .messageTooLarge(limit: 1024))
        #expect(await webSocket.connectionState == .closed(.messageTooLarge(limit: 1024)))
        #expect(server.openedSockets == 1)
        await server.shutdown()
    }
}
