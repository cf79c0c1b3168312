import ApogeeAPI
import ApogeeStore

/// The one way from an entry point to the chain and back up to the store.
///
/// Every call that sends an operation builds one: `fetch`, `fetchResults`, `watch`,
/// `perform` (with or without an optimistic response), ``Mutator``, the ``MutationQueue``'s
/// deliveries and `subscribe`. It carries what differs between them, and its steps are the
/// same for all:
///
/// 1. the store's answer first, as the cache policy says (``cacheStep``);
/// 2. the optimistic layer, laid before the executor exists so that it shows before the
///    caller's next line runs;
/// 3. the request through the chain (``ApogeeClient/sendForResults(_:)``), read as a stream,
///    within the configured deadline until the first result;
/// 4. each result written as ``writes`` says, the first one replacing the layer and running
///    the updater in the same transaction; when no result comes (a failed request, a
///    cancelled task, a deadline, a stream that ends empty) the layer is rolled back, unless
///    its owner keeps it for another attempt (``LayerOwner``).
struct OperationExecutor<Operation: GraphQLOperation>: Sendable {
    typealias OperationResult = GraphQLResult<Operation.Data>

    /// Who removes the optimistic layer when no result comes.
    enum LayerOwner: Sendable {
        /// The executor rolls it back: the layer lives as long as this one request.
        case request
        /// The caller keeps it, to show it again on its next attempt: a queued mutation's
        /// layer lives until the mutation leaves the queue.
        case caller
    }

    let client: ApogeeClient
    let operation: Operation
    let context: RequestContext
    /// The store's part before any request; `nil` for operations that always go to the server.
    let cacheStep: CacheStep<Operation.Data>?
    /// The optimistic layer the first result replaces.
    let layer: OptimisticLayerID?
    let layerOwner: LayerOwner
    /// Runs on the store with the first result, in the transaction that writes it.
    let updater: StoreUpdater<Operation.Data>?
    let writes: ResultWrites
    /// How long the first result may take, unless the request sends files.
    let deadline: Duration?

    init(
        client: ApogeeClient,
        operation: Operation,
        context: RequestContext,
        cacheStep: CacheStep<Operation.Data>? = nil,
        layer: OptimisticLayerID? = nil,
        layerOwner: LayerOwner = .request,
        updater: StoreUpdater<Operation.Data>? = nil,
        writes: ResultWrites,
        deadline: Duration?
    ) {
        self.client = client
        self.operation = operation
        self.context = context
        self.cacheStep = cacheStep
        self.layer = layer
        self.layerOwner = layerOwner
        self.updater = updater
        self.writes = writes
        self.deadline = deadline
    }
}
