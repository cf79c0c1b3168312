import ApogeeAPI
import ApogeeStore
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

    /// A write of `upserts`, the first taking the use number `firstUse`, after `removals`.
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
        // Rows go in statements of several rows each, prepared once per size and stepped once
        // per batch (a statement per row would step SQLite's machine once per row). A batch's
        // columns are written into one buffer that every batch uses again, and bound where
        // they lie: the batch is stepped before the buffer is written again, so a row costs no
        // allocation and no copy of its text.
        var sizes = [Int](repeating: 0, count: rows.count)
        let text = ColumnText()
        var spans: [ColumnSpans] = []
        spans.reserveCapacity(Self.batchSizes[0])
        try rows.withUnsafeBufferPointer { rows throws(SQLiteStoreError) in
            for (size, batches) in Self.batches(of: rows.count) {
                try session.executeEach(Self.upsert(rows: size), for: batches) { batch, binder in
                    text.removeAll()
                    spans.removeAll(keepingCapacity: true)
                    for index in batch { spans.append(rows[index].writeColumns(into: text)) }
                    for (offset, index) in batch.enumerated() {
                        sizes[index] = bind(rows[index], spans[offset], from: text, use: firstUse + Int64(index), to: &binder)
                    }
                }
            }
        }
        if savingUses {
            for statement in useStatements() { try session.execute(statement.sql, statement.binds) }
        }
        return sizes
    }

    /// Whether the write, without the uses, is one statement, which is a transaction by itself.
    var isOneStatement: Bool {
        let removalStatements = (removesAll ? 1 : 0) + (removals.count + SQLPlaceholders.maximumParameters - 1) / SQLPlaceholders.maximumParameters
        // Full batches of the largest size, then one statement per smaller size the rest
        // holds: the sizes are the powers of two below it.
        let largest = Self.batchSizes[0]
        let rowStatements = rows.count / largest + (rows.count % largest).nonzeroBitCount
        return removalStatements + rowStatements == 1
    }

    /// Binds one row's six parameters, its columns read from `text`; returns its size.
    private func bind(_ stored: StoredRecord, _ spans: ColumnSpans, from text: ColumnText, use: Int64, to binder: inout StatementBinder) -> Int {
        let key = stored.record.key.rawValue
        let size = key.utf8.count + spans.fields.count + spans.written.count + (spans.expires?.count ?? 0)
        binder.bind(key)
        binder.bindText(borrowing: text.bytes(in: spans.fields))
        binder.bindText(borrowing: text.bytes(in: spans.written))
        if let expires = spans.expires { binder.bindText(borrowing: text.bytes(in: expires)) } else { binder.bindNull() }
        binder.bind(Int64(size))
        binder.bind(use)
        return size
    }

    /// The sizes of the statements rows are written in, largest first: a write takes as many
    /// of the largest as it fills, then at most one of each smaller size, so that a handful of
    /// statements, each prepared once per connection, serve writes of any size.
    static let batchSizes = [64, 32, 16, 8, 4, 2, 1]

    /// The rows of a write of `count` rows in batches, by statement size.
    static func batches(of count: Int) -> [(size: Int, batches: [Range<Int>])] {
        var start = 0
        var result: [(size: Int, batches: [Range<Int>])] = []
        for size in batchSizes where count - start >= size {
            let full = (count - start) / size
            result.append((size, (0..<full).map { start + $0 * size..<start + ($0 + 1) * size }))
            start += full * size
        }
        return result
    }

    /// The statement that writes `rows` rows, replacing the records of the same keys.
    private static func upsert(rows: Int) -> String {
        upserts[batchSizes.firstIndex(of: rows) ?? batchSizes.count - 1]
    }

    private static let upserts = batchSizes.map { rows in
        """
        INSERT INTO records (key, fields, written, expires, size, used) VALUES \(SQLPlaceholders.rows(rows, columns: 6)) \
        ON CONFLICT (key) DO UPDATE SET fields = excluded.fields, written = excluded.written, \
        expires = excluded.expires, size = excluded.size, used = excluded.used
        """
    }

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
