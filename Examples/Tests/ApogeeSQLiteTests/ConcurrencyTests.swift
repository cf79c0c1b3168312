@testable import ApogeeAPI
@testable import Apogee
@testable import ApogeeSQLite
@testable import ApogeeStore
import TestSupport
import Testing

@Suite("One connection shared by the store and the queue, from many tasks", .timeLimit(.minutes(10)))
struct ConcurrencyTests {
    @Test("concurrent writes, reads and enqueues all land, each sequence once")
    func concurrentUse() async throws {
        try await TemporaryFolder.with { folder in
            let file = try folder.openStoreFile(.init(sizeLimit: 10_000_000))
            let store = file.makeNormalizedStore()
            let storage = file.mutationQueueStorage
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        if index.isMultiple(of: 2) {
                            try store.writeLaunch(String(index))
                            #expect(try store.read(Launches.query(String(index))).miss == nil)
                        } else {
                            _ = try storage.enqueue(try QueuedMutations.bookTrip(String(index), key: "key-\(index)"))
                            #expect(try storage.recordAttempt("key-\(index)")?.attempts == 1)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let pending = try storage.pendingMutations()
            #expect(pending.count == 20)
            #expect(Set(pending.map(\.sequence)).count == 20)
            #expect(try store.recordCount() == 1 + 20 * 2 + 1)  // root, a launch and a mission each, one rocket
            try file.close()

            let reopened = try folder.openStoreFile()
            #expect(try reopened.mutationQueueStorage.pendingMutations() == pending)
            #expect(try reopened.recordSource.count() == 42)
        }
    }
}
