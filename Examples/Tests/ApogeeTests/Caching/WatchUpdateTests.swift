@testable import Apogee
import ApogeeExampleServer
import RocketReserverAPI
import TestSupport
import Testing

/// `watch(query:cachePolicy:)` against the example server: updates come from the store, with
/// requests counted at the server.
@Suite("Watching queries: updates", .timeLimit(.minutes(10)))
struct WatchUpdateTests {
    @Test("BookTrip's result updates a LaunchDetails watcher, with no refetch")
    func updatedByMutationResult() async throws {
        try await withServer { server in
            let client = try await server.signedInClient()
            var results = client.watch(query: LaunchDetailsQuery(launchId: "25")).makeAsyncIterator()
            let first = try #require(try await results.next())
            #expect(first.source == .server)
            #expect(first.data?.launch?.isBooked == false)

            let booking = try await client.perform(mutation: BookTripMutation(id: "25"))
            #expect(booking.data?.bookTrips.success == true)

            let updated = try #require(try await results.next())
            #expect(updated.source == .cache)
            #expect(updated.data?.launch?.isBooked == true)
            // The rest of the launch is as the first result had it.
            #expect(updated.data?.launch?.rocket == first.data?.launch?.rocket)
            #expect(server.requestCount(operationName: "LaunchDetails") == 1)
        }
    }

    @Test("A watcher is not woken by records it does not show")
    func notWokenByOtherRecords() async throws {
        try await withServer { server in
            let client = try await server.signedInClient()
            var results = client.watch(query: LaunchDetailsQuery(launchId: "25")).makeAsyncIterator()
            #expect(try await results.next()?.data?.launch?.site != nil)

            // Other launches, and a write that changes nothing of launch 25. (Launch 24 shares
            // the record `Rocket:falcon9` with launch 25, with the same values; a launch of
            // another block of that rocket would change what launch 25 shows.)
            _ = try await client.perform(mutation: BookTripMutation(id: "26"))
            _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "24"))
            _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .fetchIgnoringCacheData)
            // The next delivery is this one: nothing was delivered for the writes above.
            _ = try await client.perform(mutation: BookTripMutation(id: "25"))
            let next = try #require(try await results.next())
            #expect(next.data?.launch?.id == "25")
            #expect(next.data?.launch?.isBooked == true)
        }
    }

    @Test("A cache transaction's change is delivered once, with the typed data")
    func transactionChange() async throws {
        try await withClient { server, client in
            let query = LaunchDetailsQuery(launchId: "25")
            var results = client.watch(query: query).makeAsyncIterator()
            #expect(try await results.next()?.data?.launch?.isBooked == false)

            try client.store.transaction { transaction in
                try transaction.update(query) { data in
                    data.launch?.isBooked = true
                    data.launch?.site = "Somewhere else"
                }
            }
            let next = try #require(try await results.next())
            #expect(next.source == .cache)
            #expect(next.data?.launch?.isBooked == true)
            #expect(next.data?.launch?.site == "Somewhere else")
        }
    }

    @Test("returnCacheDataAndFetch: the store's result, then the server's, then changes")
    func cacheAndFetch() async throws {
        try await withServer { server in
            let client = try await server.signedInClient()
            _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            var results = client.watch(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .returnCacheDataAndFetch).makeAsyncIterator()
            #expect(try await results.next()?.source == .cache)
            #expect(try await results.next()?.source == .server)
            _ = try await client.perform(mutation: BookTripMutation(id: "25"))
            let booked = try #require(try await results.next())
            #expect(booked.source == .cache)
            #expect(booked.data?.launch?.isBooked == true)
            #expect(server.requestCount(operationName: "LaunchDetails") == 2)
        }
    }
}
