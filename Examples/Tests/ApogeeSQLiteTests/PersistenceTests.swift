@testable import ApogeeAPI
@testable import ApogeeSQLite
@testable import ApogeeStore
import RocketReserverAPI
import TestSupport
import Testing

@Suite("Records survive reopening the file")
struct PersistenceTests {
    @Test("an operation written through the store reads back the same after the file is reopened")
    func readsAfterReopening() async throws {
        try await TemporaryFolder.with { folder in
            let written = try folder.withStoreFile { file in
                let store = file.makeNormalizedStore()
                try store.writeLaunch("25")
                try store.writeLaunch("26", site: nil)
                return try store.read(Launches.query("25")).result.get()
            }
            let file = try folder.openStoreFile()
            let store = file.makeNormalizedStore()
            let read = try store.read(Launches.query("25")).result.get()
            #expect(read == written)
            #expect(read.launch?.rocket?.name == "Falcon 9")
            // A null stays a null, not a missing field.
            let other = try store.read(Launches.query("26")).result.get()
            #expect(other.launch?.id == "26")
            #expect(other.launch?.site == nil)
            #expect(try store.recordCount() == 6)  // QUERY_ROOT, two launches, a mission each, one shared rocket
            #expect(try store.read(Launches.query("27")).miss != nil)
        }
    }

    @Test("removals, removed fields and clearing reach the file")
    func removalsPersist() async throws {
        try await TemporaryFolder.with { folder in
            try folder.withStoreFile { file in
                let store = file.makeNormalizedStore()
                try store.writeLaunch("1")
                try store.writeLaunch("2")
                try store.removeRecord("Launch:2")
                try store.transaction { try $0.removeField("site", of: "Launch:1") }
            }
            try folder.withStoreFile { file in
                #expect(try file.recordSource.record(for: "Launch:2") == nil)
                let launch = try #require(try file.recordSource.record(for: "Launch:1"))
                #expect(launch["site"] == nil)
                #expect(launch["id"] == .scalar("1"))
                try file.makeNormalizedStore().clear()
            }
            let file = try folder.openStoreFile()
            #expect(try file.recordSource.count() == 0)
            #expect(try file.recordSource.allKeys().isEmpty)
        }
    }

    @Test("records(for:) reads several keys at once and leaves out the missing")
    func batchRead() async throws {
        try await TemporaryFolder.with { folder in
            try folder.withStoreFile { file in
                try file.makeNormalizedStore().writeLaunch("7")
            }
            let file = try folder.openStoreFile()
            let records = try file.recordSource.records(for: ["Launch:7", "Rocket:falcon9", "Launch:8"])
            #expect(Set(records.keys) == ["Launch:7", "Rocket:falcon9"])
            #expect(records["Rocket:falcon9"]?["name"] == .scalar("Falcon 9"))
            // Served from memory the second time, the same.
            #expect(try file.recordSource.records(for: ["Launch:7", "Launch:8"]) == ["Launch:7": records["Launch:7"]!])
        }
    }

    @Test("a change set is one transaction: when a later statement fails, the earlier ones are undone")
    func failingApplyLeavesNothingHalfWritten() async throws {
        try await TemporaryFolder.with { folder in
            try folder.withStoreFile { file in
                let store = file.makeNormalizedStore()
                try store.writeLaunch("1")
                // SQLite refuses one record, as a full disk or a constraint would.
                try file.sql("CREATE TEMP TRIGGER refuse BEFORE INSERT ON main.records WHEN new.key = 'Launch:refused' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END")
                // The removal runs first, then the insert fails.
                #expect(throws: SQLiteStoreError.self) {
                    try store.transaction { transaction in
                        try transaction.removeRecord("Launch:1")
                        try transaction.setField("id", to: .scalar("refused"), of: "Launch:refused")
                    }
                }
                // Neither in memory nor in the file is anything of it left.
                #expect(try store.record(for: "Launch:1") != nil)
                #expect(try store.record(for: "Launch:refused") == nil)
                #expect(try file.integer("SELECT count(*) FROM records WHERE key = 'Launch:1'") == 1)
            }
            let file = try folder.openStoreFile()
            #expect(try file.recordSource.record(for: "Launch:1")?["site"] == .scalar("KSC LC 39A"))
            #expect(try file.recordSource.record(for: "Launch:refused") == nil)
        }
    }

    @Test("an empty change set writes nothing")
    func emptyChangeSet() async throws {
        try await TemporaryFolder.with { folder in
            let file = try folder.openStoreFile()
            var source = file.recordSource
            let changesBefore = try file.integer("SELECT total_changes()")
            try source.apply(RecordChangeSet())
            #expect(try file.integer("SELECT total_changes()") == changesBefore)
        }
    }

    @Test("a closed store says so")
    func closed() async throws {
        try await TemporaryFolder.with { folder in
            let file = try folder.openStoreFile()
            try file.makeNormalizedStore().writeLaunch("1")
            try file.close()
            let error = try #require(throws: SQLiteStoreError.self) { try file.recordSource.record(for: "Launch:1") }
            #expect(error.kind == .closed)
            #expect(throws: SQLiteStoreError.self) { try file.mutationQueueStorage.pendingMutations() }
        }
    }
}
