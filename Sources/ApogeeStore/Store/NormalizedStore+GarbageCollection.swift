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
