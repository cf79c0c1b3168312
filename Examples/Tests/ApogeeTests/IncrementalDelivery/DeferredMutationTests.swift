@testable import Apogee
import ApogeeExampleServer
import ClientFixtures
import Foundation
import RocketReserverAPI
import Testing
import TestSupport

/// A mutation whose result defers a fragment keeps a mutation's rules: `perform` answers with
/// the whole result, an optimistic guess gives way to the first payload, each payload reaches
/// the store, and a durable queue records the merged result as the mutation's outcome.
@Suite struct DeferredMutationTests {
    @Test(arguments: HTTPStack.all)
    func performAnswersWithTheWholeResultAndTheStoreHasEveryPayload(stack: HTTPStack) async throws {
        try await withServer { server in
            let client = try await server.signedInClient(email: "deferred-\(stack)@example.com")
            let guess: OptimisticResponse<BookTripDeferredMutation.Data> = ["bookTrips": ["success": true]]
            let result = try await client.perform(mutation: BookTripDeferredMutation(id: "31"), optimisticResponse: guess)
            #expect(result.errors == nil)
            #expect(!result.hasNext)
            #expect(result.data?.bookTrips.success == true)
            let booked = try #require(result.data?.bookTrips.booked.value)
            #expect(booked.launches?.compactMap { $0?.id } == ["31"])
            #expect(booked.launches?.first??.isBooked == true)
            #expect(client.store.optimisticLayerIDs.isEmpty)
            // The deferred payload's launch is in the store, where the detail screen reads it.
            let details = try await client.fetch(query: LaunchDetailsQuery(launchId: "31"), cachePolicy: .fetchIgnoringCacheData)
            #expect(details.data?.launch?.isBooked == true)
            let recorded = try #require(server.recordedRequests.last { $0.operationName == "BookTripDeferred" })
            #expect(recorded.header("Accept")?.contains("multipart/mixed") == true)
        }
    }

    @Test func aQueueRecordsTheMergedResultAsTheOutcome() async throws {
        try await withServer { server in
            let client = try await server.signedInClient(email: "deferred-queue@example.com")
            let queue = MutationQueue(client: client, storage: InMemoryMutationQueueStorage(), configuration: .init(sleeper: BriefSleeper()))
            let handle = try await queue.enqueue(BookTripDeferredMutation(id: "32"), idempotencyKey: "deferred-1")
            let result = try await handle.result()
            let outcome = try await handle.outcome()
            #expect(result.data?.bookTrips.booked.value?.launches?.first??.id == "32", "\(String(describing: result.errors)) \(outcome)")
            guard case .delivered(let response) = outcome else {
                Issue.record("the mutation was not delivered")
                return
            }
            // The outcome is the merged response: the deferred fields beside the first payload's.
            let bookTrips = response["data"]?.objectValue?["bookTrips"]?.objectValue
            #expect(bookTrips?["success"] == true)
            #expect(bookTrips?["launches"]?.arrayValue?.count == 1)
            #expect(bookTrips?["message"] != nil)
            await queue.stop()
        }
    }
}
