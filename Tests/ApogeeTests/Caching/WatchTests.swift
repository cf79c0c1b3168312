import Apogee
import ApogeeExampleServer
import RocketReserverAPI
import Testing

/// `watch(query:cachePolicy:)` against the example server: updates come from the store, and
/// requests are counted at the server.
@Suite("Watching queries", .timeLimit(.minutes(1)))
struct WatchTests {
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

    @Test("Removing the launch's record tells the watcher, which fetches the query again")
    func removalRefetches() async throws {
        try await withServer { server in
            let client = server.client()
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
        try await withServer { server in
            let client = server.client()
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

    @Test("A cache transaction's change is delivered once, with the typed data")
    func transactionChange() async throws {
        try await withServer { server in
            let client = server.client()
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

    @Test("Cancelling the watching task releases the watch in the store")
    func releasedOnCancellation() async throws {
        try await withServer { server in
            let client = server.client()
            let started = AsyncStream.makeStream(of: Void.self)
            let task = Task {
                for try await _ in client.watch(query: LaunchDetailsQuery(launchId: "25")) {
                    started.continuation.yield()
                }
            }
            var signals = started.stream.makeAsyncIterator()
            await signals.next()
            #expect(client.store.watcherCount == 1)
            task.cancel()
            try await task.value
            try await waitUntil { client.store.watcherCount == 0 }
        }
    }

    @Test("The callback form delivers changes until cancelled, then reports CancellationError")
    func callbackForm() async throws {
        try await withServer { server in
            let client = try await server.signedInClient()
            let outcomes = Outcomes<LaunchDetailsQuery.Data>()
            let (delivered, continuation) = AsyncStream.makeStream(of: [Result<GraphQLResult<LaunchDetailsQuery.Data>, any Error>].self)
            let watch = client.watch(query: LaunchDetailsQuery(launchId: "25")) { outcome in
                continuation.yield(outcomes.append(outcome))
            }
            var snapshots = delivered.makeAsyncIterator()
            let first = try #require(await snapshots.next())
            #expect(first.last?.value?.data?.launch?.isBooked == false)

            _ = try await client.perform(mutation: BookTripMutation(id: "25"))
            let second = try #require(await snapshots.next())
            #expect(second.last?.value?.data?.launch?.isBooked == true)

            watch.cancel()
            let third = try #require(await snapshots.next())
            #expect(third.last?.failure is CancellationError)
            try await waitUntil { client.store.watcherCount == 0 }
        }
    }

    @Test("A failed request ends the watch with the error")
    func failedFetchEnds() async throws {
        try await withServer { server in
            server.enqueueFault(.htmlErrorPage(status: 502))
            let client = server.client()
            await #expect(throws: ApogeeError.self) {
                for try await _ in client.watch(query: LaunchDetailsQuery(launchId: "25")) {}
            }
            try await waitUntil { client.store.watcherCount == 0 }
        }
    }
}
