import ApogeeAPI
import ApogeeStore
import Foundation

/// A durable queue of mutations: each is written to storage before it is sent, shows its
/// optimistic update while it waits (again after a restart), is retried with backoff while
/// the server cannot be reached, and is delivered once, in order, with an `Idempotency-Key`
/// that stays the same on every attempt.
///
/// ```swift
/// let persistence = try SQLiteStore(path: path)
/// let client = ApogeeClient(url: url, store: persistence.makeNormalizedStore())
/// let queue = MutationQueue(client: client, storage: persistence.mutationQueueStorage,
///                           restoring: [BookTripMutation.self])
/// try await queue.start()  // shows the waiting mutations' updates and delivers them
/// let booking = try await queue.enqueue(BookTripMutation(id: "25"),
///                                        optimisticResponse: ["bookTrips": …])
/// let result = try await booking.result()
/// ```
///
/// One process at a time should own a queue's storage: the queue keeps a copy of what is
/// pending in memory.
///
/// ## Topics
/// ### Starting
/// - ``init(client:storage:restoring:configuration:)``
/// - ``register(_:optimisticUpdater:updater:)``
/// - ``start()``
/// - ``stop()``
/// ### Queueing
/// - ``enqueue(_:queue:idempotencyKey:optimisticResponse:optimisticUpdater:updater:)``
/// - ``perform(mutation:queue:optimisticResponse:optimisticUpdater:updater:)``
/// ### Following
/// - ``pendingMutations()``
/// - ``outcome(of:)``
/// - ``cancel(_:)``
/// - ``waitUntilEmpty(timeout:)``
public actor MutationQueue {
    /// The client that sends the mutations and whose store shows their updates.
    public nonisolated let client: ApogeeClient
    /// Where the queue keeps its mutations.
    public nonisolated let storage: any MutationQueueStorage
    /// The storage, when other processes share it: this queue then claims each mutation from
    /// storage before sending it, and keeps no copy of what is pending.
    nonisolated let shared: (any SharedMutationQueueStorage)?
    let configuration: Configuration

    var kinds: [String: QueuedMutationKind] = [:]
    /// What storage holds as pending, in order, kept in memory so that delivering the next
    /// one does not read the whole queue back.
    var pending: [QueuedMutation] = []
    var layers: [String: OptimisticLayerID] = [:]
    /// By mutation id, the kinds of mutations queued in this process with an updater: the
    /// kind holds the updater with its type, so nothing is cast back. A restored mutation, or
    /// one without an updater, is delivered by its type's kind in ``kinds``.
    var kindsWithUpdaters: [String: QueuedMutationKind] = [:]
    var settlementWaiters: [String: [CheckedContinuation<Settlement, any Error>]] = [:]
    var emptyWaiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    var nextWaiterID = 0
    var workers: [String: Task<Void, Never>] = [:]
    /// Over shared storage: the workers that claim and deliver, the waits for work, and the
    /// watches of outcomes that other processes may record.
    var sharedWorkers: [Task<Void, Never>] = []
    var workWaiters: [CheckedContinuation<Void, Never>] = []
    /// Workers that found nothing to claim, woken one at a time, told why.
    var idleWorkers: [CheckedContinuation<IdleWake, Never>] = []
    /// Whether an enqueue found every worker busy since a worker last ran out of work.
    var enqueuedWhileAllBusy = false
    /// Whether a worker woken to fan out found nothing to claim since the last enqueue or tick.
    var fanOutFoundNothing = false
    /// Mutations this process queued and has not seen leave: a hint, which spares reading
    /// storage for what this process will settle itself, and is cleared when it grows large.
    var enqueuedHere: Set<String> = []
    var pollTimer: Task<Void, Never>?
    /// Over shared storage: the claims being delivered, the loop that renews them, and those
    /// that storage said another worker took over.
    var claimsInFlight: [String: QueuedMutation] = [:]
    var renewals: Task<Void, Never>?
    var lostClaims: Set<String> = []
    /// How many times the poll timer has ticked: a watcher that saw a tick asks storage.
    var pollTicks = 0
    var outcomeWatchers: [String: Task<Void, Never>] = [:]
    var isStarted = false
    var isStopped = false

    /// Creates a queue; ``start()`` restores and delivers what storage holds.
    /// - Parameters:
    ///   - client: Sends the mutations and shows their updates in its store.
    ///   - storage: Keeps the queue; SQLite storage keeps it across restarts.
    ///   - mutationTypes: The generated mutation types that may be in storage from an earlier run.
    ///     A mutation queued in this run registers its own type.
    ///   - configuration: The backoff between attempts.
    public init(
        client: ApogeeClient,
        storage: any MutationQueueStorage,
        restoring mutationTypes: [any GraphQLMutation.Type] = [],
        configuration: Configuration = Configuration()
    ) {
        self.client = client
        self.storage = storage
        shared = storage as? any SharedMutationQueueStorage
        self.configuration = configuration
        for type in mutationTypes {
            kinds[type.operationName] = QueuedMutationKind(type)
        }
    }

    /// Registers a generated mutation type with what its mutations do to the store beyond
    /// their data, for the mutations of the type that this queue delivers without the closures
    /// their caller gave: those restored after a restart, and, over shared storage, those that
    /// another process queued. A closure cannot be saved with a mutation; a registration makes
    /// the same code run after a restart as before it.
    ///
    /// Register before ``start()``, which restores the optimistic layers. A mutation queued in
    /// this process with its own `updater` uses that one.
    /// - Parameters:
    ///   - type: The generated mutation type; it needs no `restoring:` entry then.
    ///   - optimisticUpdater: Run again over the saved optimistic response when a mutation is
    ///     restored, as a live layer that is rebased like any other (without it, the layer is
    ///     the saved change set, applied as it was).
    ///   - updater: Run with the server's answer.
    public func register<Mutation: GraphQLMutation>(
        _ type: Mutation.Type,
        optimisticUpdater: StoreUpdater<Mutation.Data>? = nil,
        updater: StoreUpdater<Mutation.Data>? = nil
    ) {
        kinds[Mutation.operationName] = QueuedMutationKind(type, updater: updater, optimisticUpdater: optimisticUpdater)
    }

    /// Restores the mutations in storage, showing their optimistic updates again, and begins
    /// delivering them. Queueing a mutation starts the queue too.
    /// - Throws: ``MutationQueueError/unregisteredOperations(_:)`` when storage holds a mutation
    ///   whose type was not given in `restoring:` (nothing is shown or sent then), or
    ///   ``MutationQueueError/storage(_:)``.
    public func start() async throws {
        isStopped = false
        if let shared {
            // Over shared storage nothing is restored into memory: workers claim from storage.
            isStarted = true
            startSharedWorkers(shared)
            return
        }
        if !isStarted {
            let stored: [QueuedMutation]
            do { stored = try await storage.pendingMutations() } catch { throw MutationQueueError.storage(error) }
            // Another call may have started the queue while this one waited for storage; its
            // restore stands, and restoring again would lay every optimistic layer twice.
            if !isStarted { try restore(stored) }
        }
        for name in Set(pending.map(\.queue)) { startWorker(for: name) }
    }

    /// Takes what storage held as the pending mutations and shows their optimistic updates again.
    private func restore(_ stored: [QueuedMutation]) throws {
        let unknown = Set(stored.map(\.operationName)).subtracting(kinds.keys)
        guard unknown.isEmpty else { throw MutationQueueError.unregisteredOperations(unknown.sorted()) }
        isStarted = true
        pending = stored
        for entry in stored {
            // A guess that no longer applies is not worth refusing the queue for; the
            // mutation is still delivered.
            layers[entry.id] = try? kinds[entry.operationName]?.restoreLayer(entry, client.store) ?? nil
        }
    }

    /// Stops delivering: a request in flight is cancelled and its mutation stays queued, to
    /// be sent again, with the same idempotency key, by ``start()`` or the next run.
    public func stop() async {
        isStopped = true
        let running = Array(workers.values) + sharedWorkers
        sharedWorkers = []
        for worker in running { worker.cancel() }
        wakeWorkWaiters()
        for worker in running { await worker.value }
        renewals?.cancel()
        renewals = nil
    }

    /// The mutations waiting, in the order they will be delivered.
    public func pendingMutations() async throws -> [QueuedMutation] {
        try await start()
        guard shared != nil else { return pending }
        do { return try await storage.pendingMutations() } catch { throw MutationQueueError.storage(error) }
    }

    /// Waits until no mutation is queued; `false` when `timeout` passed first.
    public func waitUntilEmpty(timeout: Duration? = nil) async -> Bool {
        if shared != nil { return await waitUntilStorageIsEmpty(timeout: timeout) }
        if pending.isEmpty { return true }
        let id = nextWaiterID
        nextWaiterID += 1
        return await withCheckedContinuation { continuation in
            emptyWaiters[id] = continuation
            if let timeout {
                Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    await self?.expireEmptyWaiter(id)
                }
            }
        }
    }

    /// Over shared storage, other processes deliver too: storage is looked at each time this
    /// process settles a mutation or the poll interval passes.
    private func waitUntilStorageIsEmpty(timeout: Duration?) async -> Bool {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            if let count = try? await storage.pendingCount(), count == 0 { return true }
            if let deadline, ContinuousClock.now >= deadline { return false }
            await waitForWork()
            if isStopped || Task.isCancelled { return false }
        }
    }

    /// Tells the observer, if there is one.
    func report(_ kind: MutationQueueEvent.Kind, _ entry: QueuedMutation) {
        configuration.observer?.observe(MutationQueueEvent(kind, operationName: entry.operationName, queue: entry.queue, attempts: entry.attempts))
    }

    private func expireEmptyWaiter(_ id: Int) {
        emptyWaiters.removeValue(forKey: id)?.resume(returning: false)
    }

    func startWorker(for queue: String) {
        guard !isStopped, workers[queue] == nil else { return }
        workers[queue] = Task { await self.deliverAll(in: queue) }
    }
}
