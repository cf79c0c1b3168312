import ApogeeStore

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
            var write = makeWrite(changes, state: state)
            let result = try database.withSession { session in
                try perform(write, state: state, session: session)
            }
            // Committed: memory follows.
            state.lastUse += Int64(write.rows.count)
            state.pendingUses.removeAll()
            state.totalSize = result.totalSize
            if write.removesAll {
                state.loaded.removeAll(keepingCapacity: true)
                state.absent.removeAll()
            }
            for key in write.removals {
                state.loaded[key] = nil
                state.absent.insert(key)
            }
            state.loaded.reserveCapacity(state.loaded.count + write.rows.count)
            // The rows move into memory, last first: taken out of the write rather than
            // copied, no record is retained here and released again when the write goes.
            var rows = write.rows
            write.rows = []
            while var stored = rows.popLast() {
                stored.size = result.sizes[rows.count]
                let key = stored.record.key
                state.loaded[key] = stored
                if !state.absent.isEmpty { state.absent.remove(key) }
            }
            for key in result.evicted {
                state.loaded[key] = nil
                state.absent.insert(key)
            }
        }
    }

    /// The rows of a change set, merged over the records in memory.
    private func makeWrite(_ changes: RecordChangeSet, state: State) -> RecordWrite {
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
                guard keepsBelow, var stored = state.loaded[key] else {
                    upserts.append(StoredRecord(key: key, fields: fields, at: time, expiring: changes.expirations[key]))
                    continue
                }
                stored.patch(setting: fields, removing: removedFields, at: time, expiring: changes.expirations[key])
                upserts.append(stored)
            }
        }
        return RecordWrite(
            removesAll: changes.removesAllRecords,
            removals: removals,
            upserts: upserts,
            firstUse: state.lastUse + 1,
            uses: sizeLimit == nil ? [:] : state.pendingUses
        )
    }

    /// Runs the statements of a write; with a size limit, in a transaction that also evicts.
    /// Returns the rows' sizes too, in the order of the write's rows.
    private func perform(_ write: RecordWrite, state: State, session: DatabaseSession) throws -> (evicted: [CacheKey], totalSize: Int, sizes: [Int]) {
        guard let sizeLimit else {
            // One statement is a transaction by itself; leaving out BEGIN and COMMIT saves two round trips.
            let sizes: [Int]
            if write.isOneStatement {
                sizes = try write.run(in: session, savingUses: false)
            } else {
                sizes = try session.transaction { try write.run(in: session, savingUses: false) }
            }
            return ([], 0, sizes)
        }
        return try session.transaction {
            let sizeBefore = try totalSize(before: write, state: state, session: session)
            let sizes = try write.run(in: session, savingUses: true)
            let (evicted, total) = try evict(over: sizeLimit, total: sizeBefore + sizes.reduce(0, +), session: session)
            return (evicted, total, sizes)
        }
    }
}
