@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeTesting
import RocketReserverAPI
import TestSupport
import Testing

/// Stale data through the client: a fetch that accepts it gets it marked, a watch learns when
/// its data expires, and a partial read shows what the store has.
@Suite("Stale and partial reads through the client", .timeLimit(.minutes(10)))
struct StaleReadTests {
    /// A client whose store gives launches 60 seconds, on `clock`.
    static func client(of server: ExampleServer, clock: ManualCacheClock) -> ApogeeClient {
        server.client(store: NormalizedStore(maximumAges: ["Launch": .seconds(60)], clock: clock))
    }

    /// Runs `body` once launch 25 was fetched and then went 30 seconds past its age.
    static func withExpiredLaunch(
        _ body: (ExampleServer, ApogeeClient, LaunchDetailsQuery) async throws -> Void
    ) async throws {
        try await withServer { server in
            let clock = ManualCacheClock()
            let client = Self.client(of: server, clock: clock)
            let query = LaunchDetailsQuery(launchId: "25")
            _ = try await client.fetch(query: query)
            clock.advance(by: .seconds(90))
            try await body(server, client, query)
        }
    }

    static func acceptingStale(_ maxStale: Duration) -> RequestContext {
        var context = RequestContext()
        context.cacheReadOptions.maxStale = maxStale
        return context
    }

    @Test("returnCacheDataAndFetch with maxStale: the stale answer first, marked, then the server's")
    func staleThenFresh() async throws {
        try await Self.withExpiredLaunch { server, client, query in
            var results: [GraphQLResult<LaunchDetailsQuery.Data>] = []
            for try await result in client.fetchResults(query: query, cachePolicy: .returnCacheDataAndFetch, context: Self.acceptingStale(.seconds(3600))) {
                results.append(result)
            }
            #expect(results.map(\.source) == [.cache, .server])
            #expect(results[0].isStale)
            #expect(results[0].expiredFields.contains(FieldKey("Launch:25", "site")))
            #expect(results[0].data?.launch?.id == "25")
            #expect(results[1].isStale == false)
            #expect(server.requestCount(operationName: "LaunchDetails") == 2)

            // The server's answer made the launch fresh again.
            let fresh = try await client.fetch(query: query)
            #expect(fresh.source == .cache)
            #expect(!fresh.isStale)
        }
    }

    @Test("without maxStale an expired launch is a miss, and beyond it too")
    func maxStaleBounds() async throws {
        try await Self.withExpiredLaunch { _, client, query in
            let within = try await client.fetch(query: query, cachePolicy: .returnCacheDataDontFetch, context: Self.acceptingStale(.seconds(60)))
            #expect(within.data != nil && within.isStale)
            let beyond = try await client.fetch(query: query, cachePolicy: .returnCacheDataDontFetch, context: Self.acceptingStale(.seconds(10)))
            #expect(beyond.data == nil)
            #expect(beyond.cacheMiss?.reason == .expired)
            let answer1 = try await client.fetch(query: query)
            #expect(answer1.source == .server)
        }
    }

    @Test("a watch is told when its launch expires: a result marked stale, with the same data")
    func watchDeliversStale() async throws {
        try await withServer { server in
            let clock = ManualCacheClock()
            let client = Self.client(of: server, clock: clock)
            var results = client.watch(query: LaunchDetailsQuery(launchId: "25")).makeAsyncIterator()
            let first = try #require(try await results.next())
            #expect(first.source == .server)

            clock.advance(by: .seconds(61))
            let stale = try #require(try await results.next())
            #expect(stale.isStale)
            #expect(stale.source == .cache)
            #expect(stale.data == first.data)
            #expect(server.requestCount(operationName: "LaunchDetails") == 1)
        }
    }

    @Test("a watch that asks to refetch on expiry sends the query again, and shows the fresh answer")
    func watchRefetchesOnExpiry() async throws {
        try await withServer { server in
            let clock = ManualCacheClock()
            let client = Self.client(of: server, clock: clock)
            var context = RequestContext()
            context.refetchesOnExpiry = true
            var results = client.watch(query: LaunchDetailsQuery(launchId: "25"), context: context).makeAsyncIterator()
            #expect(try #require(try await results.next()).source == .server)

            clock.advance(by: .seconds(61))
            let refetched = try #require(try await results.next())
            #expect(refetched.source == .server)
            #expect(!refetched.isStale)
            #expect(server.requestCount(operationName: "LaunchDetails") == 2)
        }
    }

    @Test("a partial read gives what the store has and the missing paths, without a request")
    func partialRead() async throws {
        try await withServer { server in
            let client = Self.client(of: server, clock: ManualCacheClock())
            _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            try client.store.commitUpdate { proxy in
                try proxy.record(for: "Launch:25")?.removeField("site")
            }
            var context = RequestContext()
            context.cacheReadOptions.returnsPartialData = true
            let partial = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .returnCacheDataDontFetch, context: context)
            #expect(partial.missingPaths == [["launch", "site"]])
            #expect(partial.data?.launch?.id == "25")
            #expect(partial.data?.launch?.site == nil)
            #expect(server.requestCount(operationName: "LaunchDetails") == 1)
        }
    }
}
