import ApogeeStore

extension RecordTable {
    /// The keys of every record in the table, for garbage collection.
    func allKeys() throws -> [CacheKey] {
        try withState { _ in
            try database.withSession { session in
                try session.rows("SELECT key FROM records").compactMap { $0.column("key")?.string.map { CacheKey($0) } }
            }
        }
    }

    /// How many records the table holds.
    func count() throws -> Int {
        try withState { _ in
            try database.withSession { try $0.integer("SELECT count(*) FROM records") }
        }
    }
}
