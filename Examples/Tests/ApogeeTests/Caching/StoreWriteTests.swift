@testable import Apogee
import ApogeeExampleServer
import ClientFixtures
import RocketReserverAPI
import TestSupport
import Testing

/// What reaches the store from the server's results, and what does not.
@Suite("Results written into the store", .timeLimit(.minutes(10)))
struct StoreWriteTests {
    @Test("Partial data is written with the errors of the fields they nulled, which a read from the store reports again")
    func partialData() async throws {
        try await withServer { server in
            let client = server.clientWithUnknownToken()
            let result = try await client.fetch(query: LaunchAndMeQuery(id: "1"))
            #expect(result.data?.launch?.id == "1")
            let error = try #require(result.errors?.first)
            #expect(error.path == ["me"])
            #expect(result.cacheWriteError == nil)

            let root = try #require(try client.store.record(for: .queryRoot))
            #expect(root.fields[#"launch({"id":"1"})"#] == .reference("Launch:1"))
            #expect(root.fields["me"] == .fieldError([error]))
            // The store answers as the server did: the launch, no user, and the error that says why.
            let again = try await client.fetch(query: LaunchAndMeQuery(id: "1"))
            #expect(again.source == .cache)
            #expect(again.data == result.data)
            #expect(again.errors == [error])
            #expect(server.requestCount(operationName: "LaunchAndMe") == 1)
        }
    }

    @Test("A field an error nulled replaces the value an earlier result stored with the error, until a later value")
    func failedFieldReplacesEarlierValue() async throws {
        try await withServer { server in
            let client = server.client()
            let first = try await client.fetch(query: LaunchSiteQuery(id: "1"))
            let site = try #require(first.data?.launch?.site)
            server.enqueueFault(.rawBody(#"{"data":{"launch":{"__typename":"Launch","id":"1","site":null}},"errors":[{"message":"site failed","path":["launch","site"]}]}"#))
            let failed = try await client.fetch(query: LaunchSiteQuery(id: "1"), cachePolicy: .fetchIgnoringCacheData)
            let error = try #require(failed.errors?.first)
            #expect(error.path == ["launch", "site"])
            #expect(failed.data?.launch?.site == nil)
            #expect(try client.store.record(for: "Launch:1")?["site"] == .fieldError([error]))
            let cached = try await client.fetch(query: LaunchSiteQuery(id: "1"), cachePolicy: .returnCacheDataDontFetch)
            #expect(cached.data?.launch?.site == nil)
            #expect(cached.errors == [error])

            _ = try await client.fetch(query: LaunchSiteQuery(id: "1"), cachePolicy: .fetchIgnoringCacheData)
            let healed = try await client.fetch(query: LaunchSiteQuery(id: "1"), cachePolicy: .returnCacheDataDontFetch)
            #expect(healed.data?.launch?.site == site)
            #expect(healed.errors == nil)
        }
    }

    @Test("Data that comes with an error without a path is not written")
    func errorWithoutPath() async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(#"{"data":{"launch":{"__typename":"Launch","id":"1","site":"Nowhere"}},"errors":[{"message":"Something went wrong"}]}"#))
            let client = server.client()
            let result = try await client.fetch(query: LaunchSiteQuery(id: "1"))
            #expect(result.data?.launch?.site == "Nowhere")
            #expect(try client.store.recordCount() == 0)
        }
    }

    @Test("A result without data writes nothing")
    func noData() async throws {
        try await withClient { server, client in
            let result = try await client.perform(mutation: BookLaunchesMutation(ids: ["1"]))
            #expect(result.data == nil)
            #expect(try client.store.recordCount() == 0)
        }
    }

    @Test("Data that fails to decode is never written")
    func decodingFailure() async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(#"{"data":{"launch":{"__typename":"Launch","id":1,"site":"Nowhere"}}}"#))
            let client = server.client()
            let error = await client.expectLaunchSiteFailure()
            guard error?.code == .responseDecoding else {
                Issue.record("expected a decoding error, got \(String(describing: error))")
                return
            }
            let records = try client.store.recordCount()
            #expect(records == 0)
        }
    }

    @Test("Data an interceptor replaced is written as replaced")
    func replacedByInterceptor() async throws {
        try await withServer { server in
            let client = server.client(provider: FixedInterceptorProvider([SiteRenamingInterceptor(site: "Renamed")]))
            let result = try await client.fetch(query: LaunchSiteQuery(id: "1"))
            #expect(result.data?.launch?.site == "Renamed")
            let cached = try await client.fetch(query: LaunchSiteQuery(id: "1"), cachePolicy: .returnCacheDataDontFetch)
            #expect(cached.data?.launch?.site == "Renamed")
        }
    }

    @Test("Clients that share a store see each other's results")
    func sharedStore() async throws {
        try await withServer { server in
            let store = NormalizedStore()
            let first = ApogeeClient(url: server.rocketReserverURL, store: store)
            let second = ApogeeClient(url: server.rocketReserverURL, store: store)
            _ = try await first.fetch(query: LaunchDetailsQuery(launchId: "25"))
            #expect(try await second.fetch(query: LaunchDetailsQuery(launchId: "25")).source == .cache)
            #expect(server.requestCount == 1)
        }
    }

    @Test("gc() removes what the roots no longer reach, and keeps what a watch shows")
    func garbageCollection() async throws {
        try await withClient { server, client in
            _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            var watched = client.watch(query: LaunchDetailsQuery(launchId: "26")).makeAsyncIterator()
            #expect(try await watched.next()?.data?.launch?.id == "26")

            try client.store.transaction { try $0.removeField(#"launch({"id":"25"})"#, of: .queryRoot) }
            let removed = try client.store.gc()
            #expect(removed.contains("Launch:25"))
            #expect(removed.contains("Launch:25.mission"))
            #expect(!removed.contains("Launch:26"))
            #expect(try client.store.record(for: "Launch:26") != nil)
            #expect(try await client.fetch(query: LaunchDetailsQuery(launchId: "26")).source == .cache)
        }
    }
}

/// Replaces the site of a `LaunchSite` result, as an interceptor that edits results would.
struct SiteRenamingInterceptor: ResultInterceptor {
    let site: String

    func adjust<Operation: GraphQLOperation>(
        _ result: GraphQLResult<Operation.Data>, of request: GraphQLRequest<Operation>
    ) async throws -> GraphQLResult<Operation.Data> {
        guard var renamed = result as? GraphQLResult<LaunchSiteQuery.Data> else { return result }
        renamed.data?.launch?.site = site
        return renamed as? GraphQLResult<Operation.Data> ?? result
    }
}
