@testable import Apogee
import ApogeeExampleServer
import RocketReserverAPI
import TestSupport
import Testing

/// Each cache policy's sources and writes, with the requests counted at the example server.
@Suite("Cache policies", .timeLimit(.minutes(10)))
struct CachePolicyTests {
    @Test("returnCacheDataElseFetch (the default): the server the first time, the store after")
    func returnCacheDataElseFetch() async throws {
        try await withClient { server, client in
            let first = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            #expect(first.source == .server)
            #expect(first.httpResponse != nil)
            let second = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .returnCacheDataElseFetch)
            #expect(second.source == .cache)
            #expect(second.httpResponse == nil)
            #expect(second.data == first.data)
            #expect(server.requestCount(operationName: "LaunchDetails") == 1)

            // Another launch is another field of the root: a miss, so a request.
            let other = try await client.fetch(query: LaunchDetailsQuery(launchId: "26"))
            #expect(other.source == .server)
            #expect(other.data?.launch?.id == "26")
            #expect(server.requestCount(operationName: "LaunchDetails") == 2)
        }
    }

    @Test("fetchIgnoringCacheData: always the server, and the result is written")
    func fetchIgnoringCacheData() async throws {
        try await withClient { server, client in
            _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            let forced = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .fetchIgnoringCacheData)
            #expect(forced.source == .server)
            #expect(server.requestCount(operationName: "LaunchDetails") == 2)

            let written = try await client.fetch(query: LaunchDetailsQuery(launchId: "30"), cachePolicy: .fetchIgnoringCacheData)
            let cached = try await client.fetch(query: LaunchDetailsQuery(launchId: "30"), cachePolicy: .returnCacheDataDontFetch)
            #expect(cached.source == .cache)
            #expect(cached.data?.launch?.id == "30")
            #expect(cached.data == written.data)
            #expect(server.requestCount(operationName: "LaunchDetails") == 3)
        }
    }

    @Test("fetchIgnoringCacheCompletely: the server, with the store neither read nor written")
    func fetchIgnoringCacheCompletely() async throws {
        try await withServer { server in
            let client = try await server.signedInClient()
            let recordsAfterLogin = try client.store.recordCount()
            let result = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .fetchIgnoringCacheCompletely)
            #expect(result.source == .server)
            #expect(result.data?.launch?.id == "25")
            #expect(try client.store.recordCount() == recordsAfterLogin)
            #expect(try client.store.read(LaunchDetailsQuery(launchId: "25")).miss != nil)

            // With the data in the store it still asks the server, and leaves the store as it was.
            _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            let otherDevice = try await server.signedInClient()
            _ = try await otherDevice.perform(mutation: BookTripMutation(id: "25"))
            let fresh = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .fetchIgnoringCacheCompletely)
            #expect(fresh.data?.launch?.isBooked == true)
            #expect(try client.store.read(LaunchDetailsQuery(launchId: "25")).value?.launch?.isBooked == false)
            #expect(server.requestCount(operationName: "LaunchDetails") == 3)
        }
    }

    @Test("returnCacheDataDontFetch: never a request; a miss is a result without data")
    func returnCacheDataDontFetch() async throws {
        try await withClient { server, client in
            let miss = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .returnCacheDataDontFetch)
            #expect(miss.source == .cache)
            #expect(miss.data == nil)
            #expect(miss.errors == nil)
            // Nothing was ever written, not even the root.
            #expect(miss.cacheMiss?.reason == .missingRecord)
            #expect(miss.cacheMiss?.key == .queryRoot)
            #expect(server.requestCount == 0)

            _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            let hit = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .returnCacheDataDontFetch)
            #expect(hit.source == .cache)
            #expect(hit.data?.launch?.id == "25")
            #expect(hit.cacheMiss == nil)
            #expect(server.requestCount == 1)
        }
    }

    @Test("Mutations always go to the server, and their results are written")
    func mutationsAlwaysFetch() async throws {
        try await withServer { server in
            let client = try await server.signedInClient()
            let first = try await client.perform(mutation: BookTripMutation(id: "25"))
            let second = try await client.perform(mutation: BookTripMutation(id: "25"))
            #expect(first.source == .server)
            #expect(second.source == .server)
            #expect(server.requestCount(operationName: "BookTrip") == 2)

            let launch = try #require(try client.store.record(for: "Launch:25"))
            #expect(launch.fields["isBooked"] == .scalar(true))
            #expect(try client.store.record(for: .mutationRoot)?.fields.keys.contains { $0.hasPrefix("bookTrips") } == true)
        }
    }
}
