extension NormalizedStore {
    /// Shows a change set computed earlier as an optimistic layer: how a queued mutation's
    /// guess, saved with it, is shown again after a restart, when its optimistic updater (a
    /// closure) is gone. On each rebase the same changes are laid over the newer base.
    /// - Returns: The layer's id.
    @discardableResult
    public func addOptimisticLayer(restoring changes: RecordChangeSet) throws -> OptimisticLayerID {
        try addOptimisticLayer { transaction in transaction.stage(changes) }
    }

    /// The changes a layer shows now, to save with the mutation it belongs to; `nil` when
    /// there is no such layer.
    public func optimisticChanges(of id: OptimisticLayerID) -> RecordChangeSet? {
        withCore { core in core.layers.first { $0.id == id }?.changes }
    }
}

extension CacheTransaction {
    /// Adds a change set to what this transaction will commit, as if its writes were made here.
    func stage(_ changes: RecordChangeSet) {
        if changes.removesAllRecords { staged.removeAll() }
        for (key, change) in changes.changes {
            switch change {
            case .removed:
                staged.remove(key)
            case .patch(let fields, let removedFields, let replacesRecord):
                if replacesRecord { staged.remove(key) }
                for name in removedFields { staged.removeField(name, of: key) }
                staged.set(fields, of: key)
            }
        }
    }
}
