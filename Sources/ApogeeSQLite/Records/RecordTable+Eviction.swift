import ApogeeStore
import SQLiteNIO

extension RecordTable {
    /// Removes the least recently used records until the records fit in the size limit,
    /// inside the write transaction; returns their keys. The roots are never removed: every
    /// read starts at one.
    func evictIfOverLimit(_ session: DatabaseSession) throws -> [CacheKey] {
        guard let sizeLimit else { return [] }
        let total = try session.integer("SELECT size FROM record_totals WHERE id = 1")
        guard total > sizeLimit else { return [] }
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
            ) RETURNING key
            """,
            roots + [.integer(total - sizeLimit)]
        )
        return rows.compactMap { $0.column("key")?.string.map { CacheKey($0) } }
    }
}
