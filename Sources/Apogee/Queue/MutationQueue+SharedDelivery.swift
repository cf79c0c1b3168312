import ApogeeAPI
import ApogeeStore

/// Delivery over storage that other processes share (`SharedMutationQueueStorage`): this
/// process cannot know what is pending from memory, since other processes queue and deliver
/// too, so each worker claims the head of a queue from storage, delivers it and settles it.
/// Storage grants one claim per queue name across every process, which keeps each queue in
/// order; a claim lost with a dead process runs out after the lease.
extension MutationQueue {
    /// Starts this process's workers, one per ``Configuration/concurrentDeliveries``.
    func startSharedWorkers(_ shared: any SharedMutationQueueStorage) {
        guard !isStopped, sharedWorkers.isEmpty else { return }
        sharedWorkers = (0..<configuration.concurrentDeliveries).map { _ in
            Task { await self.deliverClaims(from: shared) }
        }
    }

    /// Claims, delivers and settles until stopped; waits for work when nothing can be claimed.
    private func deliverClaims(from shared: any SharedMutationQueueStorage) async {
        while !Task.isCancelled, !isStopped {
            // A storage failure (the database restarting, say) is waited out like an empty queue.
            let claimed = try? await shared.claimNext(by: configuration.workerName, for: configuration.lease)
            guard let claimed else {
                await waitForWork(asIdleWorker: true)
                continue
            }
            // There may be more to claim: another idle worker looks, and so on while claims
            // succeed, so that a backlog fans out over the workers one claim at a time.
            wakeOneIdleWorker()
            report(.attemptStarted, claimed)
            await deliver(claimed, over: shared)
        }
    }

    /// Sends one claimed mutation, renewing its claim while the request is out, then settles
    /// it or gives the claim back, as long as the claim is still this worker's.
    private func deliver(_ entry: QueuedMutation, over shared: any SharedMutationQueueStorage) async {
        let worker = configuration.workerName
        guard let kind = kind(of: entry) else {
            // Queued by a process that knows a type this one was not given: it waits for a
            // worker that knows it.
            try? await shared.release(
                entry.id,
                by: worker,
                reason: "worker \(worker) was not given \(entry.operationName) in restoring:",
                retryAfter: configuration.pollInterval
            )
            return
        }
        let (attempt, isStillClaimed) = await renewingClaim(entry, over: shared) { [client, layer = layers[entry.id]] in
            try await kind.deliver(entry, client, layer)
        }
        // Another worker took the claim over and sends the mutation again, with the same
        // idempotency key: settling or releasing it belongs to that worker now. Settling checks
        // the claim again, for a takeover after the last renewal.
        guard isStillClaimed else { return }
        let delivery: QueuedMutationKind.Delivery
        switch attempt {
        case .success(let sent):
            delivery = sent
        case .failure(let error):
            if Task.isCancelled || isStopped {
                // Stopped while the request was out: any worker may send it again at once,
                // with the same idempotency key, so the server applies it once. This task is
                // cancelled, and storage may refuse a cancelled task's work (PostgresNIO does),
                // so the claim is given back from a task of its own, which the stop waits for.
                await Task {
                    try? await shared.release(entry.id, by: worker, reason: "worker \(worker) stopped", retryAfter: .zero)
                }.value
                return
            }
            if Self.isTransient(error) {
                var generator = SystemRandomNumberGenerator()
                let wait = configuration.retryPolicy.delay(beforeRetry: max(1, entry.attempts), using: &generator)
                report(.retryScheduled(delay: wait), entry)
                try? await shared.release(entry.id, by: worker, reason: "\(error)", retryAfter: wait)
                return
            }
            removeLayer(layers[entry.id])
            report(.gaveUp, entry)
            await settleClaim(entry, over: shared, outcome: .failed(reason: "\(error)"), result: nil, failure: error)
            return
        }
        report(.delivered, entry)
        await settleClaim(entry, over: shared, outcome: .delivered(response: delivery.response), result: delivery.result, failure: nil)
    }

    /// Settles a mutation this worker claimed, unless another worker took the claim over: then
    /// that worker settles it, and whoever awaits it here reads its outcome from storage.
    private func settleClaim(
        _ entry: QueuedMutation,
        over shared: any SharedMutationQueueStorage,
        outcome: MutationOutcome,
        result: (any Sendable)?,
        failure: (any Error)?
    ) async {
        do {
            guard try await shared.settle(entry, by: configuration.workerName, outcome: outcome) else { return }
        } catch {
            // As over storage of one process: the store has the answer, and should storage fail
            // to record it, the mutation is sent again after the lease, with the same key.
        }
        finish(entry.id, with: .success(Settlement(outcome: outcome, result: result, failure: failure)))
    }

    /// Waits until this process queues a mutation or settles one, or the next tick of the
    /// poll timer, when other processes may have queued or settled some. An idle worker is
    /// woken alone (``wakeOneIdleWorker()``): a new mutation is claimed by one worker, and
    /// waking all of them would send a claim per worker that finds nothing.
    func waitForWork(asIdleWorker: Bool = false) async {
        guard !Task.isCancelled else { return }
        await withCheckedContinuation { continuation in
            if asIdleWorker {
                idleWorkers.append(continuation)
            } else {
                workWaiters.append(continuation)
            }
            if pollTimer == nil { pollTimer = makePollTimer() }
        }
    }

    /// One timer for every waiter, ticking each poll interval while anyone waits: a sleep per
    /// wait would leave a sleeping task behind each wait that a settlement ends early.
    private func makePollTimer() -> Task<Void, Never> {
        let interval = configuration.pollInterval
        return Task { [weak self] in
            while true {
                // Never cancelled: the timer ends at the first tick that finds no waiter.
                try? await Task.sleep(for: interval)
                guard let self, await self.pollTick() else { return }
            }
        }
    }

    /// Wakes the waiters; `false`, and the timer ends, when there were none.
    private func pollTick() -> Bool {
        guard !workWaiters.isEmpty || !idleWorkers.isEmpty else {
            pollTimer = nil
            return false
        }
        wakeWorkWaiters()
        wakeOneIdleWorker()
        return true
    }

    /// Wakes every outcome watcher, and every idle worker once the queue is stopped, so that
    /// each sees it. A settlement wakes no idle worker: the worker that settled claims next.
    func wakeWorkWaiters() {
        let waiters = workWaiters + (isStopped ? idleWorkers : [])
        workWaiters.removeAll()
        if isStopped { idleWorkers.removeAll() }
        for waiter in waiters { waiter.resume() }
    }

    /// Wakes the worker that has waited longest, if one waits.
    func wakeOneIdleWorker() {
        guard !idleWorkers.isEmpty else { return }
        idleWorkers.removeFirst().resume()
    }

    /// Over shared storage, another process may settle a mutation that a caller here awaits,
    /// or whose optimistic layer shows here: its outcome is looked for in storage until it is
    /// there, for as long as someone waits or the layer shows. The layer then goes; the answer
    /// itself is written by the process that delivered it, into its own store.
    func watchOutcome(of id: String) {
        guard outcomeWatchers[id] == nil else { return }
        outcomeWatchers[id] = Task {
            while !Task.isCancelled, settlementWaiters[id] != nil || layers[id] != nil {
                if let outcome = try? await storage.outcome(of: id) {
                    removeLayer(layers[id])
                    finish(id, with: .success(Settlement(outcome: outcome, result: nil, failure: nil)))
                    break
                }
                await waitForWork()
            }
            outcomeWatchers[id] = nil
        }
    }
}
