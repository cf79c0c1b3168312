extension NormalizedStore {
    /// Applies changes as an optimistic layer over the base records: readers and watchers
    /// see them at once, and the base is untouched until the layer is removed.
    ///
    /// `body` writes into the layer through the transaction it is given (which reads the base
    /// and the layers below). It is kept, and runs again over the new base whenever the base
    /// or a layer below changes a record it read (or wrote), so the layer never hides what the
    /// base gained meanwhile. It should depend on nothing but what it reads there: a layer
    /// whose records did not change keeps the changes it made, without running.
    /// - Returns: The layer's id, for ``removeOptimisticLayer(_:)`` or
    ///   ``transaction(removingOptimisticLayers:_:)``.
    /// - Throws: What `body` throws the first time; no layer is added then.
    @discardableResult
    public func addOptimisticLayer(_ body: @escaping @Sendable (CacheTransaction) throws -> Void) throws -> OptimisticLayerID {
        try withCore { core in
            let transaction = CacheTransaction(core: core, layersBelow: core.layers.count, recordingReads: true)
            defer { transaction.close() }
            try body(transaction)
            let id = core.makeLayerID()
            core.layers.append(OptimisticLayer(id: id, body: body, changes: transaction.staged, reads: transaction.reads ?? LayerReads()))
            core.notifyWatchers(of: [transaction.staged])
            return id
        }
    }

    /// Rolls back an optimistic layer: its changes disappear and watchers see the base (and
    /// the other layers) again. Removing a layer that is gone does nothing.
    @discardableResult
    public func removeOptimisticLayer(_ id: OptimisticLayerID) throws -> CacheChanges {
        try transaction(removingOptimisticLayers: [id]) { _ in }.changes
    }

    /// The ids of the optimistic layers, lowest first.
    public var optimisticLayerIDs: [OptimisticLayerID] {
        withCore { $0.layers.ids }
    }
}
