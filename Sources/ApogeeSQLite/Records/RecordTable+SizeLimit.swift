import ApogeeStore
import SQLiteNIO

extension RecordTable {
    /// The size of the records, kept in memory when there is a size limit. It is summed once
    /// at open from the `(used, size)` index, then moved by each write, so that writing costs
    /// no trigger per row and no sum over the table.
    static func initialTotalSize(_ session: DatabaseSession) throws -> Int {
        try session.integer("SELECT coalesce(sum(size), 0) FROM records")
    }

    /// The total once the write's removals and replaced rows are gone, before its rows are
    /// added. Old sizes come from memory; rows not in memory are asked for in one statement.
    func totalSize(before write: RecordWrite, state: State, session: DatabaseSession) throws -> Int {
        guard !write.removesAll else { return 0 }
        var replaced = 0
        var unknown: [CacheKey] = []
        for key in write.removals + write.rows.map(\.record.key) {
            if let stored = state.loaded[key] {
                replaced += stored.size
            } else if !state.absent.contains(key) {
                unknown.append(key)
            }
        }
        for batch in SQLPlaceholders.batches(unknown, columns: 1) {
            replaced += try session.integer(
                "SELECT coalesce(sum(size), 0) FROM records WHERE key IN (\(SQLPlaceholders.list(batch.count)))",
                batch.map { .text($0.rawValue) }
            )
        }
        return state.totalSize - replaced
    }

    /// Removes the least recently used records until the total fits in the limit, inside the
    /// write transaction; returns their keys and the new total. The roots are never removed:
    /// every read starts at one.
    func evict(over limit: Int, total: Int, session: DatabaseSession) throws -> (evicted: [CacheKey], totalSize: Int) {
        guard total > limit else { return ([], total) }
        let roots = CacheKey.roots.map { SQLiteData.text($0.rawValue) }
        // A running total in least-recent-first order picks exactly the records to remove:
        // each one whose predecessors have not yet freed enough.
        let rows = try session.rows(
            """
            DELETE FROM records WHERE key IN (
                SELECT key FROM (
                    SELECT key, size, sum(size) OVER (ORDER BY used, key ROWS UNBOUNDED PRECEDING) AS freed
                    FROM records WHERE key NOT IN (?, ?, ?)
                ) WHERE freed - size < ?
            ) RETURNING key, size
            """,
            roots + [.integer(total - limit)]
        )
        var evicted: [CacheKey] = []
        var remaining = total
        for row in rows {
            guard let key = row.column("key")?.string, let size = row.column("size")?.integer else { continue }
            evicted.append(CacheKey(key))
            remaining -= Int(size)
        }
        return (evicted, remaining)
    }
}

extension RecordTable {
    /// Saves the uses noted since the last write, so that a store closed after reads keeps
    /// their order for the next run's evictions.
    func saveUses() throws {
        guard sizeLimit != nil else { return }
        try withState { state in
            guard !state.pendingUses.isEmpty else { return }
            let write = RecordWrite(removesAll: false, removals: [], upserts: [], firstUse: state.lastUse + 1, uses: state.pendingUses)
            try database.withSession { session in
                try session.transaction {
                    _ = try write.run(in: session, savingUses: true)
                }
            }
            state.pendingUses.removeAll()
        }
    }
}
