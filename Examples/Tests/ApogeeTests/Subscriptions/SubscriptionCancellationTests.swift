@testable import Apogee
import ApogeeExampleServer
import Foundation
import LiveFixtures
import TestSupport
import Testing

/// Stopping a subscription on the client stops it on the server: the WebSocket sends
/// `complete`, the event stream's connection closes.
@Suite struct SubscriptionCancellationTests {
    @Test(arguments: SubscriptionPath.allCases)
    func cancellingTheTaskCompletesTheSubscriptionOnTheServer(path: SubscriptionPath) async throws {
        try await withServer { server in
            let live = server.liveClient(over: path)
            let reading = Task {
                for try await _ in live.client.subscribe(subscription: CounterChangedSubscription(id: "c")) {}
            }
            await server.waitForSubscriptions(1)
            #expect(server.activeSubscriptionCount == 1)
            reading.cancel()
            await server.waitForSubscriptionEvents { events in
                events.contains { if case .completedByClient = $0 { true } else { false } }
            }
            _ = await reading.result
            // The server counts the source out in the same step that records `complete`.
            #expect(server.activeSubscriptionCount == 0)
            if let webSocket = live.webSocket {
                #expect(await webSocket.activeSubscriptionCount == 0)
            }
        }
    }

    @Test(arguments: SubscriptionPath.allCases)
    func leavingTheLoopCompletesTheSubscription(path: SubscriptionPath) async throws {
        try await withServer { server in
            let live = server.liveClient(over: path)
            // The stream is made inside the task, as in `for try await … in client.subscribe(…)`:
            // leaving the loop releases the last reference to it, which stops it.
            let first = Task { try await firstResults(1, of: live.client.subscribe(subscription: CounterChangedSubscription(id: "l"))) }
            await server.waitForSubscriptions(1)
            await server.incrementCounter("l")
            let values = try await first.value.map(\.data?.counterChanged.value)
            #expect(values == [1])
            await server.waitForSubscriptionEvents { events in
                events.contains { if case .completedByClient = $0 { true } else { false } }
            }
            #expect(server.idsCompletedByClient.count == 1)
        }
    }

    @Test func cancellingTheHandleCompletesTheSubscription() async throws {
        try await withServer { server in
            let live = server.liveClient(over: .webSocket)
            let handle = live.client.subscribe(subscription: CounterChangedSubscription(id: "h")) { _ in }
            await server.waitForSubscriptions(1)
            handle.cancel()
            await server.waitForSubscriptionEvents { events in
                events.contains { if case .completedByClient = $0 { true } else { false } }
            }
            #expect(server.idsCompletedByClient.count == 1)
        }
    }

    @Test func theSocketClosesAfterTheLastSubscription() async throws {
        try await withServer { server in
            let live = server.liveClient(over: .webSocket)
            let webSocket = try #require(live.webSocket)
            _ = try await allResults(of: live.client.subscribe(subscription: CountdownSubscription(from: 1)))
            await webSocket.waitForState { $0 == .idle }
            await server.waitForSubscriptionEvents { events in
                events.contains { if case .socketClosed = $0 { true } else { false } }
            }
            // The next subscription opens a new socket.
            _ = try await allResults(of: live.client.subscribe(subscription: CountdownSubscription(from: 1)))
            #expect(server.openedSocketCount == 2)
        }
    }
}
