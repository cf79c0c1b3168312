@testable import ApogeeAPI
@testable import Apogee
@testable import ApogeeSQLite
import TestSupport
import Testing

@Suite("Schema migrations")
struct MigrationTests {
    @Test("a file of schema version 1 is brought up to date on opening, its queue kept and settling as before")
    func versionOneIsMigrated() async throws {
        try await TemporaryFolder.with { folder in
            let queued = try QueuedMutations.bookTrip("25", key: "from version 1")
            try folder.withStoreFile { file in
                _ = try file.mutationQueueStorage.enqueue(queued)
                // Back to what version 1 made: without the triggers that settle in one statement.
                try file.sql("DROP TRIGGER mutation_settled")
                try file.sql("DROP TRIGGER mutation_settled_again")
                try file.sql("ALTER TABLE records DROP COLUMN expires")
                try file.sql("PRAGMA user_version = 1")
            }
            let file = try folder.openStoreFile()
            #expect(try file.integer("PRAGMA user_version") == 5)
            #expect(try file.integer("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'mutation_settled%'") == 2)
            let storage = file.mutationQueueStorage
            #expect(try storage.pendingMutations().map(\.idempotencyKey) == ["from version 1"])
            try storage.settle("from version 1", outcome: .delivered(response: ["data": ["bookTrips": ["success": true]]]))
            #expect(try storage.pendingMutations().isEmpty)
            #expect(try storage.outcome(of: "from version 1") == .delivered(response: ["data": ["bookTrips": ["success": true]]]))
        }
    }

    @Test("a file of schema version 2 gains the column of expiry times, and its records read as before")
    func versionTwoIsMigrated() async throws {
        try await TemporaryFolder.with { folder in
            try folder.withStoreFile { file in
                try file.makeNormalizedStore().writeLaunch("25")
                try file.sql("ALTER TABLE records DROP COLUMN expires")
                try file.sql("PRAGMA user_version = 2")
            }
            let file = try folder.openStoreFile()
            #expect(try file.integer("PRAGMA user_version") == 5)
            #expect(try file.integer("SELECT count(*) FROM pragma_table_info('records') WHERE name = 'expires'") == 1)
            let store = file.makeNormalizedStore()
            #expect(try store.read(Launches.query("25")).value?.launch?.site == "KSC LC 39A")
            #expect(try store.record(for: "Launch:25")?.expirations.isEmpty == true)
        }
    }

    @Test("a file of schema version 4 forgets old outcomes a hundred at a time, not one with each new outcome")
    func versionFourIsMigrated() async throws {
        try await TemporaryFolder.with { folder in
            try folder.withStoreFile { file in
                try file.sql("DROP TRIGGER mutation_outcomes_pruned")
                try file.sql("CREATE TRIGGER mutation_outcomes_pruned AFTER INSERT ON mutation_outcomes BEGIN DELETE FROM mutation_outcomes WHERE id <= new.id - 1000; END")
                try file.sql("PRAGMA user_version = 4")
                for index in 0..<1_001 { try file.mutationQueueStorage.settle("key-\(index)", outcome: .cancelled) }
                // Version 4's trigger: one forgotten with the 1,001st.
                #expect(try file.integer("SELECT count(*) FROM mutation_outcomes") == 1_000)
            }
            let file = try folder.openStoreFile()
            #expect(try file.integer("PRAGMA user_version") == 5)
            let storage = file.mutationQueueStorage
            for index in 1_001..<1_099 { try storage.settle("key-\(index)", outcome: .cancelled) }
            #expect(try file.integer("SELECT count(*) FROM mutation_outcomes") == 1_098)
            #expect(try storage.outcome(of: "key-1") == .cancelled)
            try storage.settle("key-1099", outcome: .cancelled)
            #expect(try file.integer("SELECT count(*) FROM mutation_outcomes") == 1_000)
            #expect(try storage.outcome(of: "key-99") == nil)
            #expect(try storage.outcome(of: "key-100") == .cancelled)
        }
    }
}
