import ApogeeAPI

extension NormalizedStore {
    /// Shows a mutation's expected outcome at once, as an optimistic layer: the optimistic
    /// response is normalized (with its list directives), then the optimistic updater runs.
    ///
    /// The layer is kept until ``commitMutationResult(_:data:typedData:removingOptimisticLayer:updater:)``
    /// or ``removeOptimisticLayer(_:)`` removes it. Meanwhile it is applied again over the
    /// base each time the base changes (another mutation's result, a query), so its values
    /// stay visible on top of the newest data.
    /// - Returns: The layer's id.
    /// - Throws: ``NormalizationError`` when the optimistic response does not fit the
    ///   mutation's selections, or what the updater throws; no layer is added then.
    @discardableResult
    public func addOptimisticLayer<Mutation: GraphQLMutation>(
        for mutation: Mutation,
        response: OptimisticResponse<Mutation.Data>?,
        updater: StoreUpdater<Mutation.Data>? = nil
    ) throws -> OptimisticLayerID {
        let json = response?.json
        let typed = response?.typedData
        return try addOptimisticLayer { transaction in
            try transaction.applyMutation(mutation, data: json, typedData: typed, updater: updater)
        }
    }

    /// Writes a mutation's result and removes its optimistic layer in one transaction, so
    /// watchers are notified once and never see the base without the layer in between: the
    /// layer goes, the data is normalized, its list directives are carried out, the updater
    /// runs, and the other layers are applied again on the new base.
    ///
    /// The layer is removed whatever happens. If the updater (or a list directive) throws, the
    /// data is still written, without them, and the error is thrown.
    /// - Parameters:
    ///   - data: The response's `data`, possibly partial; `nil` when there was none.
    ///   - typedData: The decoded data, passed to the updater.
    ///   - layer: The mutation's optimistic layer, if it has one.
    ///   - updater: Runs after the data is in the store.
    @discardableResult
    public func commitMutationResult<Mutation: GraphQLMutation>(
        _ mutation: Mutation,
        data: JSONObject?,
        typedData: Mutation.Data?,
        removingOptimisticLayer layer: OptimisticLayerID?,
        updater: StoreUpdater<Mutation.Data>? = nil
    ) throws -> CacheChanges {
        let layers: Set<OptimisticLayerID> = layer.map { [$0] } ?? []
        do {
            return try transaction(removingOptimisticLayers: layers) { transaction in
                try transaction.applyMutation(mutation, data: data, typedData: typedData, updater: updater)
            }.changes
        } catch {
            // Keep what can be kept: the server's data without the failing part, and never the guess.
            do {
                _ = try transaction(removingOptimisticLayers: layers) { transaction in
                    if let data { try transaction.write(data: data, for: mutation) }
                }
            } catch {
                try? removeOptimisticLayers(layers)
            }
            throw error
        }
    }

    /// Runs an updater function on the store in one transaction (Relay's `commitLocalUpdate`).
    @discardableResult
    public func commitUpdate(_ updater: (StoreProxy) throws -> Void) throws -> CacheChanges {
        try transaction(removingOptimisticLayers: []) { transaction in
            let proxy = StoreProxy(transaction)
            try updater(proxy)
            try proxy.finish()
        }.changes
    }

    private func removeOptimisticLayers(_ layers: Set<OptimisticLayerID>) throws {
        _ = try transaction(removingOptimisticLayers: layers) { _ in }
    }
}
