import ApogeeStore

extension RecordTable {
    /// The most records one prefetch reads, so that a record linked to a large graph does not
    /// pull the whole file into memory at its first read.
    static let prefetchLimit = 2_000

    /// Reads what a record just loaded from the file links to, and what those link to, a level
    /// per statement.
    ///
    /// The store reads a selection one record at a time, depth first, so a cold read of a
    /// list of 100 launches would otherwise cost a statement per record; read a level at a
    /// time, it costs one per level of the selection. The roots are not followed: they link to
    /// everything any query has cached.
    func prefetchReferences(of record: StoredRecord, into state: inout State) throws {
        guard !CacheKey.roots.contains(record.record.key) else { return }
        var frontier = [record]
        var budget = Self.prefetchLimit
        while budget > 0 {
            var next = Set<CacheKey>()
            for stored in frontier {
                for key in stored.record.referencedKeys where state.loaded[key] == nil && !state.absent.contains(key) {
                    next.insert(key)
                }
            }
            guard !next.isEmpty else { return }
            let level = Array(next.prefix(budget))
            budget -= level.count
            frontier = Array(try load(level, into: &state).values)
        }
    }
}
