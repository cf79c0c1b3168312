import ApogeeAPI
import ApogeeStore
import Foundation

/// The `records` table with the records already loaded kept in memory in front of it, shared
/// by every copy of a ``SQLiteRecordSource`` of one store.
///
/// Memory is kept in step with the table on every write, so a record read once is served from
/// memory from then on; keys found missing are remembered too. The table is not re-read, so
/// one process at a time should use a store file's records.
final class RecordTable: Sendable {
    struct State {
        /// Records read or written so far, as stored.
        var loaded: [CacheKey: StoredRecord] = [:]
        /// Keys looked up and not found.
        var absent: Set<CacheKey> = []
        /// Uses since the last write, for least-recently-used eviction: kept here and saved by
        /// the next write, so that reading never writes.
        var pendingUses: [CacheKey: Int64] = [:]
        /// The last use number given; uses are numbered rather than timed so that two uses
        /// always have an order.
        var lastUse: Int64 = 0
        /// The bytes of every row, kept only when there is a size limit.
        var totalSize = 0
        /// How many statements have read records from the file: what prefetching saves.
        var fileReads = 0
        /// Whether the file holds no record but those in ``loaded``: it was empty when opened
        /// (a new cache, an app's first launch), and every record written since is kept in
        /// memory, so a key not loaded is absent without asking the file. The store is the
        /// file's only writer, which the cache of ``absent`` keys assumes too.
        var fileHoldsOnlyLoaded = false
    }

    let database: Database
    let expiry: ExpiryRules
    let sizeLimit: Int?
    let now: @Sendable () -> Date
    private let state: Locked<State>

    init(database: Database, configuration: SQLiteStore.Configuration) throws {
        self.database = database
        expiry = ExpiryRules(configuration.maximumAges)
        sizeLimit = configuration.sizeLimit
        now = configuration.now
        var initial = State()
        try database.withSession { session in
            initial.lastUse = Int64(try session.integer("SELECT coalesce(max(used), 0) FROM records"))
            initial.fileHoldsOnlyLoaded = try session.integer("SELECT NOT EXISTS (SELECT 1 FROM records)") == 1
            if configuration.sizeLimit != nil { initial.totalSize = try Self.initialTotalSize(session) }
        }
        state = Locked(initial)
    }

    /// Runs `body` with the state locked. The store already calls its source one at a time;
    /// the lock is for the queue storage and other copies sharing the store's connection.
    func withState<Result>(_ body: (inout State) throws -> Result) throws -> Result {
        guard database.isOpen else {
            throw SQLiteStoreError(.closed, path: database.path, detail: "the store was closed")
        }
        return try state.withLock { try body(&$0) }
    }

    /// The time now, in milliseconds since 1970, as write times are kept.
    var nowMilliseconds: Int64 {
        Int64((now().timeIntervalSince1970 * 1_000).rounded(.down))
    }
}
