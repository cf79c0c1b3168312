import ApogeeStore
import ApogeeAPI
import SQLiteNIO

/// One change set turned into rows and statements: what ``RecordTable`` writes in one transaction.
struct RecordWrite {
    var removesAll: Bool
    var removals: [CacheKey]
    /// The records to write, in order; the nth takes the use number `firstUse + n`.
    var rows: [StoredRecord]
    /// The use number of the first row.
    var firstUse: Int64
    /// Uses noted since the last write, saved with it.
    var uses: [CacheKey: Int64]

    init(removesAll: Bool, removals: [CacheKey], upserts: [StoredRecord], firstUse: Int64, uses: [CacheKey: Int64]) {
        self.removesAll = removesAll
        self.removals = removals
        self.rows = upserts
        self.firstUse = firstUse
        self.uses = uses
    }

    /// Runs the write's statements, in order: removals first, so a record removed and written
    /// again in one change set ends up written; then the rows; then, with `savingUses`, the
    /// uses of the records it leaves alone. Returns the size of each row, in the order of
    /// ``rows``: the bytes of its key and columns.
    func run(in session: DatabaseSession, savingUses: Bool) throws(SQLiteStoreError) -> [Int] {
        if removesAll {
            try session.execute("DELETE FROM records")
        }
        for batch in SQLPlaceholders.batches(removals, columns: 1) {
            try session.execute("DELETE FROM records WHERE key IN (\(SQLPlaceholders.list(batch.count)))", batch.map { .text($0.rawValue) })
        }
        // One run of one prepared statement per row: stepping it costs less than compiling
        // a statement of six parameters per row. Each row's columns are written into the same
        // three buffers just before they are bound, and bound where they are: the row is
        // stepped before the buffers are written again, so a row costs no allocation and no
        // copy of its text.
        var sizes: [Int] = []
        sizes.reserveCapacity(rows.count)
        let fields = ColumnText()
        let written = ColumnText()
        let expires = ColumnText()
        var use = firstUse
        try session.executeEach(Self.upsert, for: rows) { stored, binder in
            fields.removeAll()
            written.removeAll()
            expires.removeAll()
            stored.writeFieldsColumn(into: fields)
            stored.writeWrittenColumn(into: written)
            let expiresAny = stored.writeExpiresColumn(into: expires)
            let key = stored.record.key.rawValue
            let size = key.utf8.count + fields.count + written.count + expires.count
            binder.bind(key)
            binder.bindText(borrowing: fields.bytes)
            binder.bindText(borrowing: written.bytes)
            if expiresAny { binder.bindText(borrowing: expires.bytes) } else { binder.bindNull() }
            binder.bind(Int64(size))
            binder.bind(use)
            use += 1
            sizes.append(size)
        }
        if savingUses {
            for statement in useStatements() { try session.execute(statement.sql, statement.binds) }
        }
        return sizes
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
        let written = Set(removals).union(rows.map(\.record.key))
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
