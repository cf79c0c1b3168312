import ApogeeAPI
import ApogeeStore

/// The two ends of an optimistic layer's life that every mutation entry point shares; the
/// middle (the answer replacing the layer) is ``ApogeeClient/storing(_:for:removingOptimisticLayer:updater:variables:)``.
extension NormalizedStore {
    /// Lays a mutation's optimistic response and updater over the store as a layer, when it
    /// has either; `nil` when it has neither.
    /// - Throws: ``OptimisticMutationError/optimisticUpdateFailed(_:)``; nothing is laid then.
    func layOptimisticUpdate<Mutation: GraphQLMutation>(
        for mutation: Mutation,
        response: OptimisticResponse<Mutation.Data>?,
        updater: StoreUpdater<Mutation.Data>?
    ) throws(OptimisticMutationError) -> OptimisticLayerID? {
        guard response != nil || updater != nil else { return nil }
        do {
            return try addOptimisticLayer(for: mutation, response: response, updater: updater)
        } catch {
            throw .optimisticUpdateFailed(error)
        }
    }

    /// Removes a layer whose mutation got no answer, if it is still there.
    func rollBack(_ layer: OptimisticLayerID?) {
        guard let layer else { return }
        // Removing a layer fails only when a persistent record source fails; the layer is gone
        // from what readers see either way.
        _ = try? removeOptimisticLayer(layer)
    }
}
