@testable import Apogee
import ApogeeExampleServer
import Foundation
import LiveFixtures
import TestSupport
import Testing

/// A consumer slower than the events keeps at most its buffer's worth of results: the oldest
/// go, the newest stay, and the store has every event.
@Suite struct SubscriptionBufferingTests {
    @Test(arguments: SubscriptionPath.allCases)
    func aSlowConsumerFindsOnlyTheNewestResults(path: SubscriptionPath) async throws {
        try await withServer { server in
            let live = server.liveClient(over: path)
            // The store learns which record `counter(id: "s")` is; the events then update it.
            _ = try await live.client.fetch(query: CounterQuery(id: "s"))
            let events = live.client.subscribe(subscription: CounterTicksSubscription(id: "s", count: 200), bufferLimit: 10)
            // Not reading at all until the server has sent everything.
            await server.waitForSubscriptionEvents { events in
                events.contains { if case .completedByServer = $0 { true } else { false } }
            }
            // Every event reached the store, whoever reads the stream.
            try await Self.waitUntilStored(200, client: live.client)
            let results = try await allResults(of: events)
            // The buffer's 10, and at most the one result on its way in when the read began:
            // the store takes each result just before the stream does, so the last one can
            // reach the stream after the wait above has seen it stored.
            #expect(results.count <= 11)
            #expect(results.last?.data?.counterTicks.value == 200)
        }
    }

    private static func waitUntilStored(_ value: Int, client: ApogeeClient) async throws {
        for try await result in client.watch(query: CounterQuery(id: "s"), cachePolicy: .returnCacheDataDontFetch) where result.data?.counter.value == value {
            return
        }
    }
}
