import ApogeeStore
import SQLiteNIO

/// One change set turned into rows and statements: what ``RecordTable`` writes in one transaction.
struct RecordWrite {
    /// A record as it will be stored, its columns encoded once.
    struct Row {
        var stored: StoredRecord
        var fields: [UInt8]
        var written: [UInt8]
        /// The fields' expiry times, or `nil` when none has one.
        var expires: [UInt8]?
        var use: Int64

        var key: CacheKey { stored.record.key }
    }

    var removesAll: Bool
    var removals: [CacheKey]
    var rows: [Row]
    /// Uses noted since the last write, saved with it.
    var uses: [CacheKey: Int64]

    /// Encodes the records, each given the next use number from `firstUse`.
    init(removesAll: Bool, removals: [CacheKey], upserts: [StoredRecord], firstUse: Int64, uses: [CacheKey: Int64]) {
        self.removesAll = removesAll
        self.removals = removals
        self.uses = uses
        var use = firstUse
        rows = upserts.map { stored in
            var stored = stored
            let fields = stored.fieldsColumn
            let written = stored.writtenColumn
            let expires = stored.expiresColumn
            stored.size = stored.record.key.rawValue.utf8.count + fields.count + written.count + (expires?.count ?? 0)
            defer { use += 1 }
            return Row(stored: stored, fields: fields, written: written, expires: expires, use: use)
        }
    }

    /// Runs the write's statements, in order: removals first, so a record removed and written
    /// again in one change set ends up written; then the rows; then, with `savingUses`, the
    /// uses of the records it leaves alone.
    func run(in session: DatabaseSession, savingUses: Bool) throws(SQLiteStoreError) {
        if removesAll {
            try session.execute("DELETE FROM records")
        }
        for batch in SQLPlaceholders.batches(removals, columns: 1) {
            try session.execute("DELETE FROM records WHERE key IN (\(SQLPlaceholders.list(batch.count)))", batch.map { .text($0.rawValue) })
        }
        // One run of one prepared statement per row: stepping it costs less than compiling
        // a statement of six parameters per row.
        try session.executeEach(Self.upsert, for: rows) { row, binder in
            binder.bind(row.key.rawValue)
            binder.bindText(row.fields)
            binder.bindText(row.written)
            binder.bindText(row.expires)
            binder.bind(Int64(row.stored.size))
            binder.bind(row.use)
        }
        if savingUses {
            for statement in useStatements() { try session.execute(statement.sql, statement.binds) }
        }
    }

    /// Whether the write, without the uses, is one statement, which is a transaction by itself.
    var isOneStatement: Bool {
        let removalStatements = (removesAll ? 1 : 0) + (removals.count + SQLPlaceholders.maximumParameters - 1) / SQLPlaceholders.maximumParameters
        return removalStatements + rows.count == 1
    }

    private static let upsert = """
        INSERT INTO records (key, fields, written, expires, size, used) VALUES (?, ?, ?, ?, ?, ?) \
        ON CONFLICT (key) DO UPDATE SET fields = excluded.fields, written = excluded.written, \
        expires = excluded.expires, size = excluded.size, used = excluded.used
        """

    /// Saves the uses of the records this write leaves alone.
    private func useStatements() -> [(sql: String, binds: [SQLiteData])] {
        let written = Set(removals).union(rows.map(\.key))
        let saved = uses.filter { !written.contains($0.key) }.map { ($0.key, $0.value) }
        return SQLPlaceholders.batches(saved, columns: 2).map { batch in
            var binds: [SQLiteData] = []
            binds.reserveCapacity(batch.count * 2)
            for (key, use) in batch {
                binds.append(.text(key.rawValue))
                binds.append(.integer(Int(use)))
            }
            let sql = """
                UPDATE records SET used = uses.column2 FROM (VALUES \(SQLPlaceholders.rows(batch.count, columns: 2))) AS uses \
                WHERE records.key = uses.column1
                """
            return (sql, binds)
        }
    }
}
