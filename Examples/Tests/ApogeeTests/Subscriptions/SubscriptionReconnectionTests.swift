@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeTesting
import Foundation
import LiveFixtures
import TestSupport
import Testing

/// A lost connection comes back: the transport reconnects with backoff and subscribes every
/// running subscription again, and the caller sees each reconnect in the connection states.
@Suite struct SubscriptionReconnectionTests {
    /// Every path but server-sent events over URLSession on Linux: FoundationNetworking never
    /// reports the end of an event stream whose server went away (the socket sits in
    /// CLOSE_WAIT, unwatched, and even the request's timeout never fires), so that path cannot
    /// see the restart. AsyncHTTPClient, Linux's default, does.
    static var restartablePaths: [SubscriptionPath] {
        #if os(Linux)
        SubscriptionPath.allCases.filter { $0 != .serverSentEvents(.urlSession) }
        #else
        SubscriptionPath.allCases
        #endif
    }

    @Test(arguments: restartablePaths)
    func aRestartedServerGetsTheSubscriptionsBack(path: SubscriptionPath) async throws {
        let first = try await ExampleServer.start()
        let port = first.port
        let live = first.liveClient(over: path)
        let events = live.client.subscribe(subscription: CounterChangedSubscription(id: "r"))
        await first.waitForSubscriptions(1)
        await first.incrementCounter("r")
        // The event must reach the client before the server goes: it would be lost otherwise.
        let before = try await firstResults(1, of: events)
        await first.shutdown()
        // Down: the port refuses connections, and no other server can take it.
        let down = try ReservedPort(port: port)
        if let webSocket = live.webSocket {
            await webSocket.waitForState { if case .reconnecting(let attempt) = $0 { attempt >= 2 } else { false } }
        }
        let second = try await ExampleServer.start(configuration: .init(port: down.release()))
        await second.waitForSubscriptions(1)
        if let webSocket = live.webSocket {
            await webSocket.waitForState { $0 == .connected }
        }
        await second.incrementCounter("r")
        let after = try await firstResults(1, of: events)
        let values = (before + after).map(\.data?.counterChanged.value)
        // The first server's count, then the new server's: the subscription resumed.
        #expect(values == [1, 1])
        await second.shutdown()
    }

    /// An event stream whose server stops sending with the connection still open (a hung
    /// proxy, a stalled server) is given up after the idle timeout and opened again, on every
    /// HTTP stack. A client that never noticed would wait here until the time limit.
    @Test(.timeLimit(.minutes(5)), arguments: HTTPStack.all)
    func aStalledEventStreamIsGivenUpAfterTheIdleTimeout(stack: HTTPStack) async throws {
        try await withServer { server in
            // The first answer: an event stream's head and a comment, then nothing for ten minutes.
            server.enqueueFault(.stallMidResponse(for: .seconds(600), partialBody: ": stalled\n\n", contentType: "text/event-stream"))
            let http = HTTPNetworkTransport(
                transport: stack.makeTransport(),
                // Each attempt's head must come within it too, and the first attempt is not
                // repeated: under the thread sanitizer, with the whole suite in parallel on two
                // cores, a head has taken over ten seconds.
                eventStreamIdleTimeout: .seconds(45),
                eventStreamReconnection: RetryPolicy(maximumAttempts: 100, initialDelay: .milliseconds(20), maximumDelay: .milliseconds(100))
            )
            let client = ApogeeClient(url: server.liveURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), networkTransport: http)
            let events = client.subscribe(subscription: CounterChangedSubscription(id: "stall"))
            let reading = Task { try await firstResults(1, of: events) }
            // The stalled request makes no subscription; the one sent after the timeout does. Each
            // subscription the server starts gets an event: on a loaded machine a reconnect can
            // time out before its first event, which that connection then loses.
            let counting = Task {
                var started = 1
                while !Task.isCancelled {
                    await server.waitForSubscriptions(started)
                    await server.incrementCounter("stall")
                    started += 1
                }
            }
            let values = try await reading.value.map(\.data?.counterChanged.value)
            counting.cancel()
            #expect(values.count == 1)
            #expect((values.first ?? nil).map { $0 >= 1 } == true)
        }
    }

    /// An HTTP stack that gives an event stream up on its own reports it as a cancellation
    /// (AsyncHTTPClient's `HTTPClientError.cancelled`), though the subscriber cancelled nothing:
    /// the subscription opens the stream again instead of ending with `CancellationError`.
    @Test(arguments: HTTPStack.all)
    func aStreamTheStackCancelsOnItsOwnIsOpenedAgain(stack: HTTPStack) async throws {
        try await withServer { server in
            let http = HTTPNetworkTransport(
                transport: FirstStreamCancelledByTheStack(base: stack.makeTransport()),
                eventStreamReconnection: RetryPolicy(maximumAttempts: 5, initialDelay: .milliseconds(20), maximumDelay: .milliseconds(100))
            )
            let client = ApogeeClient(url: server.liveURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), networkTransport: http)
            let events = client.subscribe(subscription: CounterChangedSubscription(id: "given-up"))
            let reading = Task { try await firstResults(1, of: events) }
            // The first stream's subscription on the server is abandoned; the second one's gets
            // the event. A subscription that ended instead fails `reading` with the error.
            let counting = Task {
                await server.waitForSubscriptions(2)
                await server.incrementCounter("given-up")
            }
            let values = try await reading.value.map(\.data?.counterChanged.value)
            counting.cancel()
            #expect(values == [1])
        }
    }

    @Test func aDroppedConnectionIsRestored() async throws {
        try await withServer { server in
            let live = server.liveClient(over: .webSocket)
            let webSocket = try #require(live.webSocket)
            let events = live.client.subscribe(subscription: CounterChangedSubscription(id: "d"))
            let reading = Task { try await firstResults(1, of: events) }
            await server.waitForSubscriptions(1)
            let states = Task {
                var seen: [GraphQLWebSocketTransport.ConnectionState] = []
                for await state in await webSocket.connectionStates() {
                    seen.append(state)
                    if seen.contains(where: { if case .reconnecting = $0 { true } else { false } }), state == .connected { break }
                }
                return seen
            }
            await server.dropWebSocketConnections()
            await server.waitForSubscriptions(2)
            let seen = await states.value
            #expect(seen.contains { if case .reconnecting = $0 { true } else { false } })
            await server.incrementCounter("d")
            let values = try await reading.value.map(\.data?.counterChanged.value)
            #expect(values == [1])
            #expect(server.openedSocketCount >= 2)
            #expect(await webSocket.connectionState == .connected)
        }
    }

    @Test func aServerThatStopsAnsweringPingsIsLeftForANewConnection() async throws {
        try await withServer { server in
            // The test ends each keep-alive interval (and the reconnect's backoff) by hand, so
            // the only missing pong is the silenced socket's, however loaded the machine.
            let ticks = SteppedSleeper()
            let live = server.liveClient(over: .webSocket, webSocket: .forTests(keepAliveInterval: .seconds(12), sleeper: ticks))
            let webSocket = try #require(live.webSocket)
            let events = live.client.subscribe(subscription: CounterChangedSubscription(id: "p"))
            let reading = Task { try await firstResults(1, of: events) }
            await server.waitForSubscriptions(1)
            server.stopAnsweringPingsOnOpenSockets()
            await ticks.advance()
            await server.waitForSubscriptionEvents { events in
                events.contains { if case .pingReceived = $0 { true } else { false } }
            }
            // The next interval finds the pong missing: the socket is given up.
            await ticks.advance()
            await webSocket.waitForState { if case .reconnecting = $0 { true } else { false } }
            // The backoff is over: a new socket, and the subscription on it.
            await ticks.advance()
            await server.waitForSubscriptions(2)
            await server.incrementCounter("p")
            let values = try await reading.value.map(\.data?.counterChanged.value)
            #expect(values == [1])
            #expect(server.openedSocketCount == 2)
            #expect(await webSocket.connectionState == .connected)
        }
    }

    @Test(arguments: [UInt16(1001), 1006, 4408, 4504])
    func closesWorthRetryingReconnect(code: UInt16) async throws {
        try await withServer { server in
            let live = server.liveClient(over: .webSocket)
            let webSocket = try #require(live.webSocket)
            let events = live.client.subscribe(subscription: CounterChangedSubscription(id: "k"))
            let reading = Task { try await firstResults(1, of: events) }
            await server.waitForSubscriptions(1)
            if code == 1006 {
                await server.dropWebSocketConnections()
            } else {
                await server.closeWebSockets(code: code, reason: "test")
            }
            await server.waitForSubscriptions(2)
            await webSocket.waitForState { $0 == .connected }
            await server.incrementCounter("k")
            let values3 = try await reading.value.map(\.data?.counterChanged.value)
            #expect(values3 == [1])
        }
    }
}

/// An HTTP stack whose first event stream fails with `CancellationError` before its first
/// byte, as AsyncHTTPClient's does when it gives a request up on its own; everything else
/// goes to `base`.
private struct FirstStreamCancelledByTheStack: HTTPTransport {
    let base: any HTTPTransport
    private let streamsOpened = Locked(0)

    init(base: any HTTPTransport) {
        self.base = base
    }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        try await base.send(request)
    }

    func stream(_ request: HTTPTransportRequest) async throws -> HTTPStreamingResponse {
        let response = try await base.stream(request)
        let isFirst = streamsOpened.withLock { opened in
            opened += 1
            return opened == 1
        }
        guard isFirst else { return response }
        // The real body is dropped, which closes its connection.
        return HTTPStreamingResponse(head: response.head, body: AsyncThrowingStream { throw CancellationError() })
    }

    func shutdown() async throws {
        try await base.shutdown()
    }
}

