import ApogeeAPI
import ApogeeStore

extension ApogeeClient {
    /// The result, after writing it into the store when it came from the server, with the
    /// optimistic layer removed and the updater run in the same transaction.
    ///
    /// Every result reaches the store here: queries, mutations, optimistic mutations,
    /// subscription events and the durable queue's deliveries. The store's
    /// ``NormalizedStore/writeResult(_:data:typedData:removingOptimisticLayer:updater:maxAge:)`` keeps
    /// what it can when part of the write fails. A failed write does not fail the operation:
    /// the server's answer stands (a mutation has happened on the server, and retrying it
    /// because the local store failed would repeat it), and ``GraphQLResult/cacheWriteError``
    /// says why the store does not have all of it. The layer goes even then, so a guess never
    /// outlives its mutation.
    ///
    /// What is written is ``GraphQLResult/storableData``: nothing without data, partial data
    /// without the nulls of failed fields. Of a later result of incremental delivery, only
    /// what its payload added is written, at its path. Local fields are never written from a result: the
    /// returned result shows the store's values of them instead. With
    /// ``Configuration/usesServerCacheControl``, the response's `max-age` sets how long it
    /// stays fresh, and `no-store` keeps its data out (the layer still goes and the updater
    /// still runs). `variables` are the operation's as JSON, when the caller keeps them for
    /// many results, as a subscription does.
    func storing<Operation: GraphQLOperation>(
        _ result: GraphQLResult<Operation.Data>,
        for operation: Operation,
        removingOptimisticLayer layer: OptimisticLayerID? = nil,
        updater: StoreUpdater<Operation.Data>? = nil,
        variables: JSONObject? = nil
    ) -> GraphQLResult<Operation.Data> {
        var result = result
        do {
            if result.source == .server {
                let cacheControl = configuration.usesServerCacheControl ? result.metadata.cacheControl : nil
                let changes = try store.writeResult(
                    operation,
                    data: cacheControl?.noStore == true ? nil : result.storableData,
                    typedData: result.data,
                    removingOptimisticLayer: layer,
                    updater: updater,
                    maxAge: cacheControl?.maxAge.map { .seconds($0) },
                    variables: variables,
                    increments: result.serverIncrements
                )
                result = result.fillingStoreValues(from: changes)
            } else if let layer {
                _ = try store.removeOptimisticLayer(layer)
            }
        } catch {
            result.cacheWriteError = error
        }
        return result
    }
}
