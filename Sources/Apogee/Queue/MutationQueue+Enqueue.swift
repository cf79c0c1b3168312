import ApogeeAPI
import ApogeeStore
import Foundation

extension MutationQueue {
    /// Queues a mutation for durable delivery and returns once it is in storage; its
    /// optimistic update shows at once and until the server answers, across restarts.
    ///
    /// With an `idempotencyKey` already queued or delivered, nothing new is queued: the handle
    /// follows the earlier mutation. An app that queues the same user action again after a
    /// restart gets it applied once.
    /// - Parameters:
    ///   - mutation: The mutation.
    ///   - queue: Mutations of one queue are delivered one at a time, in the order queued.
    ///   - idempotencyKey: Sent as `Idempotency-Key` on every attempt; unique by default.
    ///   - optimisticResponse: The expected answer, shown as an optimistic layer and saved
    ///     with the mutation.
    ///   - optimisticUpdater: Changes the layer further; what it does is saved with the layer.
    ///   - updater: Runs with the real answer, if it arrives in this process.
    /// - Returns: A handle to await the answer or cancel the mutation.
    /// - Throws: ``MutationQueueError`` or ``OptimisticMutationError``; nothing is queued or
    ///   shown then.
    @discardableResult
    public func enqueue<Mutation: GraphQLMutation>(
        _ mutation: Mutation,
        queue: String = "default",
        idempotencyKey: String = UUID().uuidString,
        optimisticResponse: OptimisticResponse<Mutation.Data>? = nil,
        optimisticUpdater: StoreUpdater<Mutation.Data>? = nil,
        updater: StoreUpdater<Mutation.Data>? = nil
    ) async throws -> QueuedMutationHandle<Mutation> {
        guard !InputValue.object(mutation.variables).containsUpload else {
            throw MutationQueueError.uploadsCannotBeQueued(operationName: Mutation.operationName)
        }
        if kinds[Mutation.operationName] == nil { kinds[Mutation.operationName] = QueuedMutationKind(Mutation.self) }
        try await start()

        // The guess is worked out first, so that what is saved is exactly what shows.
        let layer = try client.store.layOptimisticUpdate(for: mutation, response: optimisticResponse, updater: optimisticUpdater)
        let entry = QueuedMutation(
            mutation,
            queue: queue,
            idempotencyKey: idempotencyKey,
            optimisticResponse: optimisticResponse?.json,
            optimisticChanges: layer.flatMap { client.store.optimisticChanges(of: $0) }
        )
        let result: EnqueueResult
        do {
            result = try await storage.enqueue(entry)
        } catch {
            removeLayer(layer)
            throw MutationQueueError.storage(error)
        }
        switch result {
        case .enqueued(let stored):
            report(.enqueued, stored)
            layers[stored.id] = layer
            if let updater { kindsWithUpdaters[stored.id] = QueuedMutationKind(Mutation.self, updater: updater) }
            if shared != nil {
                if enqueuedHere.count >= Self.enqueuedHereLimit { enqueuedHere.removeAll() }
                enqueuedHere.insert(stored.id)
                if layer != nil { watchOutcome(of: stored.id) }
                wakeWorkWaiters()
                wakeOneIdleWorker(.enqueue)
            } else {
                // Kept in sequence order: two enqueues waiting on storage at once may resume in
                // either order.
                let index = pending.lastIndex(where: { $0.sequence < stored.sequence }).map { $0 + 1 } ?? 0
                pending.insert(stored, at: index)
                startWorker(for: stored.queue)
            }
        case .alreadyQueued, .alreadySettled:
            // The earlier mutation's own layer, if any, is the one that shows.
            removeLayer(layer)
        }
        return QueuedMutationHandle(id: idempotencyKey, queue: self)
    }

    /// Queues a mutation (see ``enqueue(_:queue:idempotencyKey:optimisticResponse:optimisticUpdater:updater:)``)
    /// and waits for the server's answer: `perform(mutation:)` that survives a lost
    /// connection. If this task is cancelled, the mutation stays queued.
    public func perform<Mutation: GraphQLMutation>(
        mutation: Mutation,
        queue: String = "default",
        optimisticResponse: OptimisticResponse<Mutation.Data>? = nil,
        optimisticUpdater: StoreUpdater<Mutation.Data>? = nil,
        updater: StoreUpdater<Mutation.Data>? = nil
    ) async throws -> GraphQLResult<Mutation.Data> {
        let handle = try await enqueue(
            mutation,
            queue: queue,
            optimisticResponse: optimisticResponse,
            optimisticUpdater: optimisticUpdater,
            updater: updater
        )
        return try await handle.result()
    }

    /// Cancels a mutation that has not been sent: it leaves the queue, its update is rolled
    /// back, and those awaiting it get ``MutationQueueError/cancelled``.
    /// - Returns: `false` when it was already sent (the server may have it) or is not queued.
    public func cancel(_ id: String) async throws -> Bool {
        // Over shared storage, storage alone knows whether an attempt has begun.
        if shared == nil {
            guard let index = pending.firstIndex(where: { $0.id == id }), pending[index].attempts == 0 else { return false }
        }
        let cancelled: Bool
        let entry: QueuedMutation?
        do {
            if shared == nil {
                entry = pending.first { $0.id == id }
            } else {
                // Over shared storage the queue holds no copy; only the observer's event needs one.
                entry = try await configuration.observer == nil ? nil : storage.pendingMutations().first { $0.id == id }
            }
            cancelled = try await storage.cancel(id)
        } catch {
            throw MutationQueueError.storage(error)
        }
        guard cancelled else { return false }
        if let entry { report(.cancelled, entry) }
        removeLayer(layers[id])
        finish(id, with: .success(Settlement(outcome: .cancelled, result: nil, failure: MutationQueueError.cancelled)))
        return true
    }

    /// Rolls back the layer of a mutation that leaves the queue without an answer here.
    func removeLayer(_ layer: OptimisticLayerID?) {
        client.store.rollBack(layer)
    }
}
