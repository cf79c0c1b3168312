@testable import Apogee
import ApogeeExampleServer
import RocketReserverAPI
import TestSupport
import Testing

/// `.returnCacheDataAndFetch`, the policy with two results, in each form of `fetch`.
@Suite("Cache policies: returnCacheDataAndFetch", .timeLimit(.minutes(10)))
struct CacheAndFetchTests {
    @Test("returnCacheDataAndFetch: the store's result, then the server's, which is written")
    func returnCacheDataAndFetch() async throws {
        try await withServer { server in
            let client = try await server.signedInClient()
            let query = LaunchDetailsQuery(launchId: "25")

            // A miss gives one result, the server's.
            var sources: [ResultSource] = []
            for try await result in client.fetchResults(query: query, cachePolicy: .returnCacheDataAndFetch) {
                sources.append(result.source)
            }
            #expect(sources == [.server])

            // Booked elsewhere: the store still says not booked, the server says booked.
            let otherDevice = try await server.signedInClient()
            _ = try await otherDevice.perform(mutation: BookTripMutation(id: "25"))
            var results: [GraphQLResult<LaunchDetailsQuery.Data>] = []
            for try await result in client.fetchResults(query: query, cachePolicy: .returnCacheDataAndFetch) {
                results.append(result)
            }
            #expect(results.map(\.source) == [.cache, .server])
            #expect(results.map { $0.data?.launch?.isBooked } == [false, true])
            #expect(try client.store.read(query).value?.launch?.isBooked == true)
            #expect(server.requestCount(operationName: "LaunchDetails") == 2)
        }
    }

    @Test("returnCacheDataAndFetch with a completion handler: called twice, store first")
    func returnCacheDataAndFetchHandler() async throws {
        try await withClient { server, client in
            _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            let outcomes = Recorder<Result<GraphQLResult<LaunchDetailsQuery.Data>, any Error>>()
            let sources: [ResultSource] = try await withCheckedThrowingContinuation { continuation in
                client.fetch(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .returnCacheDataAndFetch) { outcome in
                    let all = outcomes.append(outcome)
                    guard all.count == 2 else { return }
                    continuation.resume(with: Result { try all.map { try $0.get().source } })
                }
            }
            #expect(sources == [.cache, .server])
            #expect(server.requestCount(operationName: "LaunchDetails") == 2)
        }
    }

    @Test("returnCacheDataAndFetch with the plain fetch: the store's result, and the store refreshed after")
    func returnCacheDataAndFetchPlain() async throws {
        try await withServer { server in
            let client = try await server.signedInClient()
            let query = LaunchDetailsQuery(launchId: "25")
            _ = try await client.fetch(query: query)
            let otherDevice = try await server.signedInClient()
            _ = try await otherDevice.perform(mutation: BookTripMutation(id: "25"))

            var changes = client.store.watch(query).makeAsyncIterator()
            #expect(await changes.next()?.value?.launch?.isBooked == false)
            let first = try await client.fetch(query: query, cachePolicy: .returnCacheDataAndFetch)
            #expect(first.source == .cache)
            #expect(first.data?.launch?.isBooked == false)
            // The request goes on and its result reaches the store.
            #expect(await changes.next()?.value?.launch?.isBooked == true)
            #expect(server.requestCount(operationName: "LaunchDetails") == 2)
        }
    }
}
