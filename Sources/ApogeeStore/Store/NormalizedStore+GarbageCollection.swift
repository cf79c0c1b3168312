extension NormalizedStore {
    /// Removes the base records that nothing can reach: not the roots, not a live watcher,
    /// and not an optimistic layer, directly or through references.
    /// - Returns: The keys removed.
    @discardableResult
    public func gc() throws -> Set<CacheKey> {
        try withCore { core in
            var reachable = Set<CacheKey>()
            var pending = CacheKey.roots
            pending.append(contentsOf: core.watchers.retainedKeys)
            for layer in core.layers {
                pending.append(contentsOf: layer.changes.touchedKeys)
            }
            // Breadth first, a level at a time, so that a persistent source reads each level
            // in one query rather than each record in its own.
            while !pending.isEmpty {
                let level = pending.filter { reachable.insert($0).inserted }
                pending.removeAll(keepingCapacity: true)
                for record in try core.records(for: level, throughLayers: core.layers.count).values {
                    for value in record.fields.values {
                        value.forEachReference { child in
                            if !reachable.contains(child) { pending.append(child) }
                        }
                    }
                }
            }
            let unreachable = Set(try core.source.allKeys()).subtracting(reachable)
            guard !unreachable.isEmpty else { return [] }
            let transaction = CacheTransaction(core: core, layersBelow: 0)
            for key in unreachable { transaction.staged.remove(key) }
            transaction.close()
            _ = try core.commit(transaction)
            return unreachable
        }
    }
}

extension NormalizedStore {
    /// Removes the fields that expired more than `maxStale` ago, so that no read can accept
    /// them any more; watchers that showed them are told (they miss, and a fetching watch asks
    /// the server again).
    /// - Returns: The fields removed.
    @discardableResult
    public func removeStaleFields(maxStale: Duration = .zero) throws -> Set<FieldKey> {
        let grace = maxStale.wholeMilliseconds
        return try removeFields { core, record in
            guard !record.expirations.isEmpty else { return [] }
            let now = core.clock.nowMilliseconds
            return record.expirations.compactMap { name, expiry in
                let (limit, overflow) = expiry.addingReportingOverflow(grace)
                return !overflow && limit < now && record.fields[name] != nil ? name : nil
            }
        }
    }

    /// Removes the fields that refer to records that no longer exist (a reference, or a list
    /// with one in it), so that reading them is a miss the cache policy fetches, not a record
    /// missing deep inside; watchers that read them are told.
    /// - Returns: The fields removed.
    @discardableResult
    public func removeDanglingReferences() throws -> Set<FieldKey> {
        try withCore { core in
            let existing = Set(try core.source.allKeys())
            return try removeFields(in: core) { _, record in
                record.fields.compactMap { name, value in
                    var dangles = false
                    value.forEachReference { if !existing.contains($0) { dangles = true } }
                    return dangles ? name : nil
                }
            }
        }
    }

    /// Removes, from every base record, the fields `select` names, in one transaction.
    private func removeFields(_ select: (StoreCore, Record) -> [String]) throws -> Set<FieldKey> {
        try withCore { core in try removeFields(in: core, select) }
    }

    private func removeFields(in core: StoreCore, _ select: (StoreCore, Record) -> [String]) throws -> Set<FieldKey> {
        let records = try core.source.records(for: try core.source.allKeys())
        let transaction = CacheTransaction(core: core, layersBelow: 0)
        var removed = Set<FieldKey>()
        for record in records.values {
            for name in select(core, record) {
                transaction.staged.removeField(name, of: record.key)
                removed.insert(FieldKey(record.key, name))
            }
        }
        transaction.close()
        guard !removed.isEmpty else { return [] }
        _ = try core.commit(transaction)
        return removed
    }
}
