import ApogeeAPI
import ApogeeStore

/// What a queue needs to know about one generated mutation type to deliver it: how to send
/// stored variables with the type's document and write the answer with its selections.
/// Kept by operation name, which is how a mutation read back from storage finds its type.
struct QueuedMutationKind: Sendable {
    /// What one delivery gave: the response to store as the outcome, and the typed result
    /// for callers in this process.
    struct Delivery: Sendable {
        var response: JSONObject
        var result: any Sendable
    }

    /// Sends a stored mutation through the client's executor, which writes its result in
    /// place of its layer, running the kind's updater; on a failed attempt the layer stays,
    /// for the queue to show until it gives the mutation up.
    let deliver: @Sendable (_ entry: QueuedMutation, _ client: ApogeeClient, _ layer: OptimisticLayerID?) async throws -> Delivery

    /// Lays a restored mutation's optimistic layer again: with a registered optimistic
    /// updater, as a live layer (its saved response normalized, then the updater), which is
    /// rebased like any other; otherwise the saved change set as it was. `nil` when the
    /// mutation was queued without an optimistic update.
    let restoreLayer: @Sendable (_ entry: QueuedMutation, _ store: NormalizedStore) throws -> OptimisticLayerID?

    /// The kind of `type`; with `updater`, the kind of one mutation queued in this process
    /// whose caller gave an updater.
    init<Mutation: GraphQLMutation>(
        _ type: Mutation.Type,
        updater: StoreUpdater<Mutation.Data>? = nil,
        optimisticUpdater: StoreUpdater<Mutation.Data>? = nil
    ) {
        deliver = { entry, client, layer in
            var context = RequestContext()
            context.idempotencyKey = entry.idempotencyKey
            let executor = OperationExecutor(
                client: client,
                queued: StoredMutation<Mutation>(variables: entry.variables),
                layer: layer,
                updater: updater,
                context: context
            )
            let answer = try await executor.answer()
            return Delivery(response: answer.received.responseJSON, result: answer.written)
        }
        restoreLayer = { entry, store in
            if let optimisticUpdater, entry.optimisticResponse != nil || entry.optimisticChanges != nil {
                return try store.addOptimisticLayer(
                    for: StoredMutation<Mutation>(variables: entry.variables),
                    response: entry.optimisticResponse.map { OptimisticResponse(json: $0) },
                    updater: optimisticUpdater
                )
            }
            return try entry.optimisticChanges.map { try store.addOptimisticLayer(restoring: $0) }
        }
    }
}

extension GraphQLResult where Data: SelectionSet {
    /// The response as JSON (`data`, `errors`): how a queue remembers an answer.
    var responseJSON: JSONObject {
        var response: JSONObject = [:]
        if let json = serverData?.tree ?? data?.__fields { response["data"] = .object(json) } else { response["data"] = .null }
        if let errors, !errors.isEmpty { response["errors"] = .array(errors.map(\.jsonValue)) }
        return response
    }
}
