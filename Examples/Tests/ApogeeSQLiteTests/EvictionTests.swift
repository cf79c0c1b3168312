@testable import ApogeeAPI
@testable import ApogeeSQLite
@testable import ApogeeStore
import TestSupport
import Testing

@Suite("Size limit: least recently used records are evicted")
struct EvictionTests {
    /// A record of about 1,100 bytes as stored.
    static func item(_ id: String) -> [String: RecordValue] {
        ["__typename": .scalar("Item"), "id": .scalar(.string(id)), "padding": .scalar(.string(String(repeating: "x", count: 1_000)))]
    }

    static func write(_ ids: String..., to store: NormalizedStore) throws {
        for id in ids {
            try store.transaction { try $0.setFields(item(id), of: CacheKey("Item:\(id)")) }
        }
    }

    /// The total kept in memory, which must match the rows, and be under the limit.
    static func checkTotal(_ file: SQLiteStore, limit: Int) throws {
        let total = try file.trackedTotalSize()
        #expect(total == (try file.integer("SELECT coalesce(sum(size), 0) FROM records")))
        #expect(total <= limit)
    }

    @Test("a write over the limit evicts the least recently used records, reads counting as use")
    func evictsLeastRecentlyUsed() async throws {
        try await TemporaryFolder.with { folder in
            let file = try folder.openStoreFile(.init(sizeLimit: 3_500))
            let store = file.makeNormalizedStore()
            try Self.write("A", "B", "C", to: store)
            #expect(try file.recordSource.count() == 3)
            _ = try store.record(for: "Item:A")  // A is now used more recently than B and C

            try Self.write("D", to: store)
            #expect(try Set(file.recordSource.allKeys()) == ["Item:A", "Item:C", "Item:D"])
            #expect(try store.record(for: "Item:B") == nil)
            try Self.checkTotal(file, limit: 3_500)

            try Self.write("E", to: store)  // C is the least recently used now
            #expect(try Set(file.recordSource.allKeys()) == ["Item:A", "Item:D", "Item:E"])
            try Self.checkTotal(file, limit: 3_500)
        }
    }

    @Test("uses are saved by the next write and count after reopening")
    func usesPersist() async throws {
        try await TemporaryFolder.with { folder in
            let configuration = SQLiteStore.Configuration(sizeLimit: 5_000)
            try folder.withStoreFile(configuration) { file in
                let store = file.makeNormalizedStore()
                try Self.write("A", "B", "C", to: store)
                _ = try store.record(for: "Item:A")
                try store.transaction { try $0.setField("small", to: .scalar(1), of: "Small:1") }  // saves A's use
            }
            let file = try folder.openStoreFile(configuration)
            let store = file.makeNormalizedStore()
            try Self.write("D", "E", to: store)
            // Over 5,000 with five items: B, the least recently used, goes, and A stays.
            #expect(try store.record(for: "Item:B") == nil)
            #expect(try store.record(for: "Item:A") != nil)
            #expect(try Set(file.recordSource.allKeys()) == ["Item:A", "Item:C", "Item:D", "Item:E", "Small:1"])
            try Self.checkTotal(file, limit: 5_000)
        }
    }

    @Test("closing saves the uses read since the last write")
    func closeSavesUses() async throws {
        try await TemporaryFolder.with { folder in
            let configuration = SQLiteStore.Configuration(sizeLimit: 5_000)
            try folder.withStoreFile(configuration) { file in
                try Self.write("A", "B", "C", "D", to: file.makeNormalizedStore())
            }
            try folder.withStoreFile(configuration) { file in
                _ = try file.recordSource.record(for: "Item:A")
            }
            let file = try folder.openStoreFile(configuration)
            try Self.write("E", to: file.makeNormalizedStore())
            #expect(try Set(file.recordSource.allKeys()) == ["Item:A", "Item:C", "Item:D", "Item:E"])
        }
    }

    @Test("the roots are never evicted, even when they alone are over the limit")
    func rootsStay() async throws {
        try await TemporaryFolder.with { folder in
            let file = try folder.openStoreFile(.init(sizeLimit: 500))
            let store = file.makeNormalizedStore()
            try store.writeLaunch("25")
            try store.transaction { try $0.setFields(Self.item("big"), of: .queryRoot) }
            #expect(try file.recordSource.allKeys() == [.queryRoot])
            #expect(try store.read(Launches.query("25")).miss != nil)
            #expect(try store.record(for: .queryRoot)?["padding"] != nil)
        }
    }

    @Test("the total follows replaced, removed and cleared records, including ones never read")
    func totalFollowsChanges() async throws {
        try await TemporaryFolder.with { folder in
            let configuration = SQLiteStore.Configuration(sizeLimit: 1_000_000)
            try folder.withStoreFile(configuration) { file in
                try Self.write("A", "B", "C", to: file.makeNormalizedStore())
            }
            // Reopened, nothing is in memory: the sizes of B and C come from the file.
            let file = try folder.openStoreFile(configuration)
            try Self.checkTotal(file, limit: 1_000_000)
            let store = file.makeNormalizedStore()
            try store.transaction { transaction in
                try transaction.removeRecord("Item:B")
                try transaction.setField("padding", to: .scalar("short"), of: "Item:C")
            }
            try Self.checkTotal(file, limit: 1_000_000)
            var source = file.recordSource
            try source.apply(try RecordChangeSet(persistedJSON: ["changes": ["Item:A": ["removed": true]]]))
            try Self.checkTotal(file, limit: 1_000_000)
            try store.clear()
            #expect(try file.trackedTotalSize() == 0)
            try Self.checkTotal(file, limit: 1_000_000)
        }
    }

    @Test("without a limit nothing is evicted")
    func noLimit() async throws {
        try await TemporaryFolder.with { folder in
            let file = try folder.openStoreFile()
            let store = file.makeNormalizedStore()
            try Self.write("A", "B", "C", "D", "E", to: store)
            #expect(try file.recordSource.count() == 5)
            #expect(try file.integer("SELECT sum(size) FROM records") > 5_000)
        }
    }
}
