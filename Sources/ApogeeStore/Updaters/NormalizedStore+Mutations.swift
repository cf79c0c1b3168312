import ApogeeAPI

extension NormalizedStore {
    /// Shows a mutation's expected outcome at once, as an optimistic layer: the optimistic
    /// response is normalized (with its list directives), then the optimistic updater runs.
    ///
    /// The layer is kept until ``writeResult(_:data:typedData:removingOptimisticLayer:updater:maxAge:)``
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
        let json = response.map { ResponseData.tree($0.json) }
        let typed = response?.typedData
        return try addOptimisticLayer { transaction in
            try transaction.applyResult(mutation, data: json, typedData: typed, updater: updater)
        }
    }

    /// Writes a result from the server: the one way results reach the store, for queries,
    /// mutations (with or without an optimistic layer and an updater), subscription events
    /// and the mutations of a durable queue.
    ///
    /// In one transaction, so watchers are notified once and never see the base without the
    /// layer in between: the layer goes, the data is normalized, the list directives of a
    /// mutation or a subscription are carried out, the updater runs, and the remaining layers
    /// are applied again on the new base.
    ///
    /// When that fails, what can be kept is kept, and the first error is thrown:
    /// - a list directive or the updater threw: the data is written without them, and the
    ///   layer goes;
    /// - the data itself cannot be written (it does not fit the selections, or the record
    ///   source failed): nothing is written, and the layer goes all the same.
    ///
    /// A guess never outlives its answer.
    ///
    /// Local fields (`Selection.Field.isLocal`) are never written from a result, even when
    /// the data carries them: the server does not know them, and what the app wrote stays.
    /// The returned changes carry their values as the store has them after the updater, for
    /// the client to show in the result.
    /// - Parameters:
    ///   - operation: The operation the result answers, with its variables.
    ///   - data: The response's `data`, possibly partial; `nil` when there was none.
    ///   - typedData: The decoded data, passed to the updater.
    ///   - layer: The mutation's optimistic layer, if it has one.
    ///   - updater: Runs after the data is in the store.
    ///   - maxAge: How long the data stays fresh, as the response's `Cache-Control: max-age`
    ///     said; the schema's declared ages win for the fields they cover.
    /// - Returns: What changed in the store.
    @discardableResult
    public func writeResult<Operation: GraphQLOperation>(
        _ operation: Operation,
        data: JSONObject?,
        typedData: Operation.Data? = nil,
        removingOptimisticLayer layer: OptimisticLayerID? = nil,
        updater: StoreUpdater<Operation.Data>? = nil,
        maxAge: Duration? = nil
    ) throws -> CacheChanges {
        try writeResult(
            operation, data: data.map(ResponseData.tree), typedData: typedData, removingOptimisticLayer: layer, updater: updater,
            maxAge: maxAge, variables: nil)
    }

    /// ``writeResult(_:data:typedData:removingOptimisticLayer:updater:maxAge:)`` with the
    /// operation's variables as JSON when the caller has them already (a subscription's events
    /// all share them, and working them out is a good part of a small event's write), and with
    /// the data as a tree or as a parsed document, which is normalized without making a tree.
    package func writeResult<Operation: GraphQLOperation>(
        _ operation: Operation,
        data: ResponseData?,
        typedData: Operation.Data?,
        removingOptimisticLayer layer: OptimisticLayerID?,
        updater: StoreUpdater<Operation.Data>?,
        maxAge: Duration?,
        variables: JSONObject?
    ) throws -> CacheChanges {
        try writeResult(
            operation, data: data, typedData: typedData, removingOptimisticLayer: layer, updater: updater, maxAge: maxAge,
            variables: variables, increments: nil)
    }

    /// ``writeResult(_:data:typedData:removingOptimisticLayer:updater:maxAge:variables:)`` for
    /// a result of incremental delivery: with `increments`, `data` is the response so far, and
    /// only what its latest payload added is written, each increment at its path (the earlier
    /// payloads were written when they came); see ``CacheTransaction`` `writeIncrements`.
    package func writeResult<Operation: GraphQLOperation>(
        _ operation: Operation,
        data: ResponseData?,
        typedData: Operation.Data?,
        removingOptimisticLayer layer: OptimisticLayerID?,
        updater: StoreUpdater<Operation.Data>?,
        maxAge: Duration?,
        variables: JSONObject?,
        increments: [ResponseIncrement]?
    ) throws -> CacheChanges {
        let layers: Set<OptimisticLayerID> = layer.map { [$0] } ?? []
        let responseMaxAge = maxAge?.wholeMilliseconds
        do {
            return try transaction(removingOptimisticLayers: layers) { transaction in
                transaction.lifetimes.responseMaxAge = responseMaxAge
                if let increments, updater == nil {
                    // A payload that only completes what was pending adds nothing to write.
                    if increments.isEmpty { return }
                    if let data, try transaction.writeIncrements(increments, of: data, for: operation, variables: variables) {
                        return
                    }
                }
                try transaction.applyResult(operation, data: data, typedData: typedData, updater: updater, variables: variables)
            }.changes
        } catch {
            do {
                _ = try transaction(removingOptimisticLayers: layers) { transaction in
                    transaction.lifetimes.responseMaxAge = responseMaxAge
                    if let data { try transaction.writeResultData(data, for: operation, applyingListDirectives: false, variables: variables) }
                }
            } catch {
                // Not even the data fits: the layer goes alone.
                if !layers.isEmpty { _ = try? transaction(removingOptimisticLayers: layers) { _ in } }
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
}
