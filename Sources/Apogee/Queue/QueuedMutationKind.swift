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

    /// Sends a stored mutation, then writes its result in place of its layer, running the
    /// kind's updater.
    let deliver: @Sendable (_ entry: QueuedMutation, _ client: ApogeeClient, _ layer: OptimisticLayerID?) async throws -> Delivery

    /// The kind of `type`; with `updater`, the kind of one mutation queued in this process
    /// whose caller gave an updater.
    init<Mutation: GraphQLMutation>(_ type: Mutation.Type, updater: StoreUpdater<Mutation.Data>? = nil) {
        deliver = { entry, client, layer in
            let operation = StoredMutation<Mutation>(variables: entry.variables)
            var context = RequestContext()
            context.idempotencyKey = entry.idempotencyKey
            let answer = try await client.send(operation, context: context)
            let settled = client.storing(answer, for: operation, removingOptimisticLayer: layer, updater: updater)
            return Delivery(response: answer.responseJSON, result: settled)
        }
    }
}

extension GraphQLResult where Data: SelectionSet {
    /// The response as JSON (`data`, `errors`): how a queue remembers an answer.
    var responseJSON: JSONObject {
        var response: JSONObject = [:]
        if let json = dataJSON ?? data?.__fields { response["data"] = .object(json) } else { response["data"] = .null }
        if let errors, !errors.isEmpty { response["errors"] = .array(errors.map(\.jsonValue)) }
        return response
    }
}
