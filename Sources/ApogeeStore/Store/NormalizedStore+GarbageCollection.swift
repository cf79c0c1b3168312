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
            while let key = pending.popLast() {
                guard reachable.insert(key).inserted, let record = try core.record(for: key) else { continue }
                for value in record.fields.values {
                    value.forEachReference { child in
                        if !reachable.contains(child) { pending.append(child) }
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
