import ApogeeAPI
import ApogeeStore

/// The executor of each kind of operation, as its entry points make them.
extension OperationExecutor where Operation: GraphQLQuery {
    /// A query run as `cachePolicy` says.
    init(client: ApogeeClient, query: Operation, cachePolicy: CachePolicy, context: RequestContext) {
        self.init(
            client: client,
            operation: query,
            context: context,
            cacheStep: CacheStep(policy: cachePolicy) { client.cachedResult(for: query, options: $0) },
            writes: cachePolicy.writesResults ? .store(for: query) : .none,
            deadline: client.configuration.requestDeadline
        )
    }
}

extension OperationExecutor where Operation: GraphQLMutation {
    /// A mutation sent now, its optimistic update laid over the store before this returns.
    /// - Throws: ``OptimisticMutationError/optimisticUpdateFailed(_:)``; nothing shows then.
    init(
        client: ApogeeClient,
        mutation: Operation,
        optimisticResponse: OptimisticResponse<Operation.Data>?,
        optimisticUpdater: StoreUpdater<Operation.Data>?,
        updater: StoreUpdater<Operation.Data>?,
        context: RequestContext
    ) throws(OptimisticMutationError) {
        self.init(
            client: client,
            operation: mutation,
            context: context,
            layer: try client.store.layOptimisticUpdate(for: mutation, response: optimisticResponse, updater: optimisticUpdater),
            updater: updater,
            writes: .store(for: mutation),
            deadline: client.configuration.requestDeadline
        )
    }

    /// One attempt at a queued mutation, whose layer the queue keeps until the mutation
    /// leaves it.
    init(client: ApogeeClient, queued mutation: Operation, layer: OptimisticLayerID?, updater: StoreUpdater<Operation.Data>?, context: RequestContext) {
        self.init(
            client: client,
            operation: mutation,
            context: context,
            layer: layer,
            layerOwner: .caller,
            updater: updater,
            writes: .store(for: mutation),
            deadline: client.configuration.requestDeadline
        )
    }
}

extension OperationExecutor where Operation: GraphQLSubscription {
    /// A subscription, each event written (unless `writesToStore` is `false`) where the
    /// client's configuration says, with variables worked out once for every event.
    init(client: ApogeeClient, subscription: Operation, writesToStore: Bool, context: RequestContext) {
        let writes = writesToStore
            ? ResultWrites(toStore: true, variables: subscription.variablesJSON, queue: client.subscriptionWriteQueue)
            : .none
        // A subscription lasts as long as its reader wants it: no deadline.
        self.init(client: client, operation: subscription, context: context, writes: writes, deadline: nil)
    }
}
