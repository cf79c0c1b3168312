@testable import ApogeeAPI
@testable import Apogee
@testable import ApogeeSQLite
@testable import ApogeeStore
import TestSupport
import Testing

@Suite("Rows that cannot be read give errors, never a crash")
struct UndecodableRowTests {
    @Test("a record whose fields are not JSON fails the read with the record's key")
    func undecodableRecord() async throws {
        try await TemporaryFolder.with { folder in
            try folder.withStoreFile { file in
                try file.makeNormalizedStore().writeLaunch("1")
                try file.sql("UPDATE records SET fields = '{\"id\": ' WHERE key = 'Launch:1'")
                try file.sql("UPDATE records SET fields = '{\"id\": {\"$what\": 1}}' WHERE key = 'Rocket:falcon9'")
                try file.sql("UPDATE records SET written = '\"yesterday\"' WHERE key = 'Launch:1.mission'")
            }
            let file = try folder.openStoreFile()
            let store = file.makeNormalizedStore()
            let error = try #require(throws: SQLiteStoreError.self) { try store.read(Launches.query("1")) }
            #expect(error.kind == .undecodableRow)
            #expect(error.detail.contains("Launch:1"))
            for key: CacheKey in ["Rocket:falcon9", "Launch:1.mission"] {
                let error = try #require(throws: SQLiteStoreError.self) { try file.recordSource.record(for: key) }
                #expect(error.kind == .undecodableRow)
                #expect(error.detail.contains(key.rawValue))
            }
            // The rest of the file is still usable.
            #expect(try file.recordSource.record(for: .queryRoot) != nil)
        }
    }

    @Test("a queued mutation whose variables or change set cannot be read fails with its key")
    func undecodableMutation() async throws {
        try await TemporaryFolder.with { folder in
            let file = try folder.openStoreFile()
            let storage = file.mutationQueueStorage
            _ = try storage.enqueue(try QueuedMutations.bookTrip("1", key: "broken"))
            try file.sql("UPDATE mutations SET variables = '[1, 2' WHERE idempotency_key = 'broken'")
            var error = try #require(throws: SQLiteStoreError.self) { try storage.pendingMutations() }
            #expect(error.kind == .undecodableRow)
            #expect(error.detail.contains("broken"))
            #expect(error.detail.contains("variables"))

            try file.sql("UPDATE mutations SET variables = '{}', optimistic_changes = '{\"changes\": 3}' WHERE idempotency_key = 'broken'")
            error = try #require(throws: SQLiteStoreError.self) { try storage.recordAttempt("broken") }
            #expect(error.kind == .undecodableRow)
            #expect(error.detail.contains("optimistic changes"))

            try file.sql("UPDATE mutations SET optimistic_changes = NULL, attempts = 'many' WHERE idempotency_key = 'broken'")
            error = try #require(throws: SQLiteStoreError.self) { try storage.pendingMutations() }
            #expect(error.kind == .undecodableRow)
        }
    }

    @Test("an outcome that cannot be read fails the look-up")
    func undecodableOutcome() async throws {
        try await TemporaryFolder.with { folder in
            let file = try folder.openStoreFile()
            let storage = file.mutationQueueStorage
            try storage.settle("done", outcome: .cancelled)
            try file.sql("UPDATE mutation_outcomes SET outcome = '{\"exploded\": true}'")
            let error = try #require(throws: SQLiteStoreError.self) { try storage.outcome(of: "done") }
            #expect(error.kind == .undecodableRow)
            #expect(throws: SQLiteStoreError.self) { try storage.enqueue(try QueuedMutations.bookTrip("1", key: "done")) }
        }
    }
}
