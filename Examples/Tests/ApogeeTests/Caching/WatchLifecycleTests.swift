@testable import Apogee
import ApogeeExampleServer
import RocketReserverAPI
import TestSupport
import Testing

/// How a watch ends: cancelled, released, or failed.
@Suite("Watching queries: lifecycle", .timeLimit(.minutes(10)))
struct WatchLifecycleTests {
    @Test("Cancelling the watching task releases the watch in the store")
    func releasedOnCancellation() async throws {
        try await withClient { server, client in
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
            let outcomes = Recorder<Result<GraphQLResult<LaunchDetailsQuery.Data>, any Error>>()
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

    @Test("Releasing the callback form's handle does not end the watch: only cancel() does, as with every handle")
    func releasedHandle() async throws {
        try await withServer { server in
            let client = try await server.signedInClient()
            let (booked, continuation) = AsyncStream.makeStream(of: Bool?.self)
            // No reference to the handle is kept; the watch stays in this test's store, which
            // nothing changes afterwards.
            _ = client.watch(query: LaunchDetailsQuery(launchId: "25")) { outcome in
                continuation.yield(outcome.value?.data?.launch?.isBooked)
            }
            var states = booked.makeAsyncIterator()
            #expect(await states.next() == false)
            _ = try await client.perform(mutation: BookTripMutation(id: "25"))
            #expect(await states.next() == true)
            #expect(client.store.watcherCount == 1)
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

    @Test("With fetchIgnoringCacheCompletely a watch delivers the server's result and ends")
    func watchWithoutStore() async throws {
        try await withClient { server, client in
            var sources: [ResultSource] = []
            for try await result in client.watch(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .fetchIgnoringCacheCompletely) {
                sources.append(result.source)
            }
            #expect(sources == [.server])
            #expect(try client.store.recordCount() == 0)
            #expect(client.store.watcherCount == 0)
        }
    }
}
