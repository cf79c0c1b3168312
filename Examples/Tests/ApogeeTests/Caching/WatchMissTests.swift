@testable import Apogee
import ApogeeExampleServer
import RocketReserverAPI
import TestSupport
import Testing

/// What a watch does when its data leaves the store.
@Suite("Watching queries: removals", .timeLimit(.minutes(10)))
struct WatchMissTests {
    @Test("Removing the launch's record tells the watcher, which fetches the query again")
    func removalRefetches() async throws {
        try await withClient { server, client in
            var results = client.watch(query: LaunchDetailsQuery(launchId: "25")).makeAsyncIterator()
            #expect(try await results.next()?.source == .server)

            let changes = try client.store.removeRecord("Launch:25")
            #expect(changes.removedRecords == ["Launch:25"])
            let refetched = try #require(try await results.next())
            #expect(refetched.source == .server)
            #expect(refetched.data?.launch?.id == "25")
            #expect(server.requestCount(operationName: "LaunchDetails") == 2)
            #expect(try client.store.record(for: "Launch:25") != nil)
        }
    }

    @Test("With returnCacheDataDontFetch, a removal or a clear is delivered as a miss")
    func removalWithoutFetching() async throws {
        try await withClient { server, client in
            _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            var results = client.watch(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .returnCacheDataDontFetch).makeAsyncIterator()
            #expect(try await results.next()?.source == .cache)

            try client.store.removeRecord("Launch:25")
            let removed = try #require(try await results.next())
            #expect(removed.data == nil)
            #expect(removed.cacheMiss?.reason == .missingRecord)
            #expect(removed.cacheMiss?.key == "Launch:25")

            _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            #expect(try await results.next()?.data?.launch?.id == "25")
            try client.store.clear()
            #expect(try await results.next()?.cacheMiss != nil)
            #expect(server.requestCount(operationName: "LaunchDetails") == 2)
        }
    }
}
