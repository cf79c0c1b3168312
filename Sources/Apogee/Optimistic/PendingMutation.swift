import ApogeeAPI
import ApogeeStore

/// A mutation whose optimistic update is showing, waiting for the server.
///
/// Split in two so that the optimistic state appears synchronously, before the caller's next
/// line runs (``Mutator/commit(_:optimisticResponse:optimisticUpdater:updater:context:completion:)``
/// returns with the new state visible), while the request runs later in a task.
struct PendingMutation<Mutation: GraphQLMutation>: Sendable {
    let client: ApogeeClient
    let mutation: Mutation
    let layer: OptimisticLayerID?
    let updater: StoreUpdater<Mutation.Data>?

    /// Applies the optimistic response and updater as a layer over the store, if there are any.
    /// - Throws: ``OptimisticMutationError/optimisticUpdateFailed(_:)``; nothing is shown then.
    init(
        client: ApogeeClient,
        mutation: Mutation,
        optimisticResponse: OptimisticResponse<Mutation.Data>?,
        optimisticUpdater: StoreUpdater<Mutation.Data>?,
        updater: StoreUpdater<Mutation.Data>?
    ) throws(OptimisticMutationError) {
        self.client = client
        self.mutation = mutation
        self.updater = updater
        guard optimisticResponse != nil || optimisticUpdater != nil else {
            self.layer = nil
            return
        }
        do {
            self.layer = try client.store.addOptimisticLayer(for: mutation, response: optimisticResponse, updater: optimisticUpdater)
        } catch {
            throw .optimisticUpdateFailed(error)
        }
    }

    /// Sends the mutation and settles the store: on an answer, the layer is replaced by the
    /// real data and the updater's work in one transaction; on a failed request or a cancelled
    /// task, the layer is rolled back. Either way watchers are notified once.
    ///
    /// A result with GraphQL errors is an answer: its partial data is written (without the
    /// nulls of the failed fields, as every result is) and the layer goes, so a refused change
    /// rolls back. The caller gets the data and the errors together.
    func finish(context: RequestContext) async throws -> GraphQLResult<Mutation.Data> {
        let result: GraphQLResult<Mutation.Data>
        do {
            result = try await client.send(mutation, context: context)
        } catch {
            rollBack()
            throw error
        }
        return settle(result)
    }

    /// Removes the layer, if it is still there.
    func rollBack() {
        guard let layer else { return }
        // Removing a layer only fails when a persistent record source fails; the layer is gone
        // from the store's view either way.
        _ = try? client.store.removeOptimisticLayer(layer)
    }

    /// Writes the server's result in place of the layer, with the updater, through the
    /// client's one write path (``ApogeeClient/storing(_:for:removingOptimisticLayer:updater:)``).
    func settle(_ result: GraphQLResult<Mutation.Data>) -> GraphQLResult<Mutation.Data> {
        client.storing(result, for: mutation, removingOptimisticLayer: layer, updater: updater)
    }
}
