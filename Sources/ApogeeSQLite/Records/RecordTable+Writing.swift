import ApogeeStore
import SQLiteNIO

extension RecordTable {
    /// Applies a change set in one SQLite transaction, then brings memory in step.
    ///
    /// Fields are merged here rather than in SQL, since SQLite's JSON patch would turn a null
    /// field into a removed one; so the records to merge into are loaded first, in one
    /// statement, when the store has not read them already (it usually has).
    func apply(_ changes: RecordChangeSet) throws {
        // The store commits empty transactions; they must not cost a write.
        guard !changes.isEmpty else { return }
        try withState { state in
            if !changes.removesAllRecords {
                let missing = changes.touchedKeys.filter { key in
                    guard case .patch(_, _, false)? = changes.changes[key] else { return false }
                    return state.loaded[key] == nil && !state.absent.contains(key)
                }
                if !missing.isEmpty { try load(missing, into: &state) }
            }
            let time = nowMilliseconds
            var upserts: [StoredRecord] = []
            var removals: [CacheKey] = []
            upserts.reserveCapacity(changes.changes.count)
            for (key, change) in changes.changes {
                switch change {
                case .removed:
                    removals.append(key)
                case .patch(let fields, let removedFields, let replacesRecord):
                    let keepsBelow = !replacesRecord && !changes.removesAllRecords
                    var stored = (keepsBelow ? state.loaded[key] : nil) ?? StoredRecord(key: key)
                    stored.patch(setting: fields, removing: removedFields, at: time)
                    upserts.append(stored)
                }
            }
            let evicted = try write(
                removingAll: changes.removesAllRecords,
                removals: removals,
                upserts: upserts,
                firstUse: state.lastUse + 1,
                pendingUses: state.pendingUses
            )
            // Committed: memory follows.
            state.lastUse += Int64(upserts.count)
            state.pendingUses.removeAll()
            if changes.removesAllRecords {
                state.loaded.removeAll(keepingCapacity: true)
                state.absent.removeAll()
            }
            for key in removals {
                state.loaded[key] = nil
                state.absent.insert(key)
            }
            for stored in upserts {
                state.loaded[stored.record.key] = stored
                state.absent.remove(stored.record.key)
            }
            for key in evicted {
                state.loaded[key] = nil
                state.absent.insert(key)
            }
        }
    }

    /// Writes the rows; returns the keys evicted to stay under the size limit.
    private func write(
        removingAll: Bool,
        removals: [CacheKey],
        upserts: [StoredRecord],
        firstUse: Int64,
        pendingUses: [CacheKey: Int64]
    ) throws -> [CacheKey] {
        var statements: [(sql: String, binds: [SQLiteData])] = []
        if removingAll {
            statements.append(("DELETE FROM records", []))
        }
        for batch in SQLPlaceholders.batches(removals, columns: 1) {
            statements.append(("DELETE FROM records WHERE key IN (\(SQLPlaceholders.list(batch.count)))", batch.map { .text($0.rawValue) }))
        }
        statements += Self.upsertStatements(upserts, firstUse: firstUse)
        if sizeLimit != nil {
            statements += Self.useStatements(pendingUses, skipping: Set(removals).union(upserts.map(\.record.key)))
        }
        return try database.withSession { session in
            // One statement is a transaction by itself; saving BEGIN and COMMIT saves two round trips.
            if statements.count == 1, sizeLimit == nil {
                try session.execute(statements[0].sql, statements[0].binds)
                return []
            }
            return try session.transaction {
                for statement in statements {
                    try session.execute(statement.sql, statement.binds)
                }
                return try evictIfOverLimit(session)
            }
        }
    }

    /// Multi-row upserts, each record given the next use number.
    private static func upsertStatements(_ upserts: [StoredRecord], firstUse: Int64) -> [(sql: String, binds: [SQLiteData])] {
        var use = firstUse
        return SQLPlaceholders.batches(upserts, columns: 5).map { batch in
            var binds: [SQLiteData] = []
            binds.reserveCapacity(batch.count * 5)
            for stored in batch {
                let key = stored.record.key.rawValue
                let fields = stored.fieldsText
                let written = stored.writtenText
                binds.append(.text(key))
                binds.append(.text(fields))
                binds.append(.text(written))
                binds.append(.integer(key.utf8.count + fields.utf8.count + written.utf8.count))
                binds.append(.integer(Int(use)))
                use += 1
            }
            let sql = """
                INSERT INTO records (key, fields, written, size, used) VALUES \(SQLPlaceholders.rows(batch.count, columns: 5)) \
                ON CONFLICT (key) DO UPDATE SET fields = excluded.fields, written = excluded.written, \
                size = excluded.size, used = excluded.used
                """
            return (sql, binds)
        }
    }

    /// Saves the uses noted since the last write, for the records this write leaves alone.
    private static func useStatements(_ uses: [CacheKey: Int64], skipping written: Set<CacheKey>) -> [(sql: String, binds: [SQLiteData])] {
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
