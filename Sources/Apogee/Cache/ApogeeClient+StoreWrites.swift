import ApogeeAPI
import ApogeeStore

extension ApogeeClient {
    /// Writes a server result into the store and removes the given optimistic layers, in one
    /// transaction, so watchers are notified once and never see the data in between.
    ///
    /// This is the one path by which results reach the store: queries, mutations, and
    /// optimistic mutations (which pass their layer so the real result replaces the guess).
    /// What is written is ``GraphQLResult/storableData``: nothing without data, partial data
    /// without the nulls of failed fields.
    /// - Returns: What changed in the store.
    /// - Throws: A ``NormalizationError`` or the record source's error; nothing is written and
    ///   no layer is removed then.
    @discardableResult
    func writeResult<Operation: GraphQLOperation>(
        _ result: GraphQLResult<Operation.Data>,
        for operation: Operation,
        removingOptimisticLayers layers: Set<OptimisticLayerID> = []
    ) throws -> CacheChanges {
        let data = result.storableData
        return try store.transaction(removingOptimisticLayers: layers) { transaction in
            if let data { try transaction.write(data: data, for: operation) }
        }.changes
    }

    /// The result, after writing it into the store when it came from the server, and with the
    /// given optimistic layers removed in the same transaction.
    ///
    /// A failed write does not fail the operation: the server's answer stands (a mutation has
    /// happened on the server, and retrying it because the local store failed would repeat
    /// it), and ``GraphQLResult/cacheWriteError`` says why the store does not have it. The
    /// layers are removed even then, so a guess never outlives its mutation.
    func storing<Operation: GraphQLOperation>(
        _ result: GraphQLResult<Operation.Data>,
        for operation: Operation,
        removingOptimisticLayers layers: Set<OptimisticLayerID> = []
    ) -> GraphQLResult<Operation.Data> {
        var result = result
        do {
            if result.source == .server {
                let changes = try writeResult(result, for: operation, removingOptimisticLayers: layers)
                result = result.fillingClientIDs(changes.clientIDs)
            } else if !layers.isEmpty {
                _ = try store.transaction(removingOptimisticLayers: layers) { _ in }
            }
        } catch {
            result.cacheWriteError = error
            if !layers.isEmpty { _ = try? store.transaction(removingOptimisticLayers: layers) { _ in } }
        }
        return result
    }

    /// Sends an operation to the server and, when `writesResult`, writes its result.
    func fetchFromServer<Operation: GraphQLOperation>(
        _ operation: Operation,
        context: RequestContext,
        writesResult: Bool
    ) async throws -> GraphQLResult<Operation.Data> {
        let result = try await send(operation, context: context)
        return writesResult ? storing(result, for: operation) : result
    }
}
