import ApogeeStore
import SQLiteNIO

extension RecordTable {
    /// The record for a key without its expired fields, or `nil` when there is none.
    func record(for key: CacheKey) throws -> Record? {
        try withState { state in
            let stored: StoredRecord
            if let loaded = state.loaded[key] {
                stored = loaded
            } else if state.absent.contains(key) {
                return nil
            } else {
                guard let found = try load([key], into: &state)[key] else { return nil }
                stored = found
                try prefetchReferences(of: found, into: &state)
            }
            noteUse(of: key, in: &state)
            return expiry.isEmpty ? stored.record : expiry.applied(to: stored)
        }
    }

    /// The records for several keys, those not in memory read in one statement.
    func records(for keys: [CacheKey]) throws -> [CacheKey: Record] {
        try withState { state in
            let missing = keys.filter { state.loaded[$0] == nil && !state.absent.contains($0) }
            if !missing.isEmpty { try load(missing, into: &state) }
            var records = [CacheKey: Record](minimumCapacity: keys.count)
            for key in keys {
                guard let stored = state.loaded[key] else { continue }
                noteUse(of: key, in: &state)
                records[key] = expiry.isEmpty ? stored.record : expiry.applied(to: stored)
            }
            return records
        }
    }

    /// Reads rows into memory and returns them; keys without a row are remembered as absent.
    @discardableResult
    func load(_ keys: [CacheKey], into state: inout State) throws -> [CacheKey: StoredRecord] {
        // Nothing to find: the file has no record that is not in memory already.
        if state.fileHoldsOnlyLoaded { return [:] }
        let unique = Array(Set(keys))
        var found = [CacheKey: StoredRecord](minimumCapacity: unique.count)
        try database.withSession { session in
            for batch in SQLPlaceholders.batches(unique, columns: 1) {
                state.fileReads += 1
                let rows = try session.rows(
                    "SELECT key, fields, written, expires, size FROM records WHERE key IN (\(SQLPlaceholders.list(batch.count)))",
                    batch.map { .text($0.rawValue) }
                )
                for row in rows {
                    let stored = try Self.decode(row, path: session.path)
                    found[stored.record.key] = stored
                }
            }
        }
        // Misses are few in practice; a runaway set of them is simply forgotten.
        if state.absent.count > 100_000 { state.absent.removeAll() }
        for key in unique {
            if let stored = found[key] {
                state.loaded[key] = stored
            } else {
                state.absent.insert(key)
            }
        }
        return found
    }

    /// Notes a use of a record for eviction, when there is a size limit.
    func noteUse(of key: CacheKey, in state: inout State) {
        guard sizeLimit != nil else { return }
        state.lastUse += 1
        state.pendingUses[key] = state.lastUse
    }

    /// A `records` row as a stored record.
    static func decode(_ row: DatabaseRow, path: String) throws(SQLiteStoreError) -> StoredRecord {
        guard let key = row.column("key")?.string else {
            throw SQLiteStoreError(.undecodableRow, path: path, detail: "a record row without a key")
        }
        guard let fields = row.column("fields")?.string, let written = row.column("written")?.string else {
            throw SQLiteStoreError(.undecodableRow, path: path, detail: "record \(key): its fields or write times are not text")
        }
        do {
            return try StoredRecord(
                key: CacheKey(key), fields: fields, written: written, expires: row.column("expires")?.string,
                size: Int(row.column("size")?.integer ?? 0))
        } catch {
            throw SQLiteStoreError(.undecodableRow, path: path, detail: "record \(key): \(error.message)")
        }
    }
}
