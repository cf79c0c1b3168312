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
        var next = NextClaim.claim
        // Why the worker last woke from idle; `nil` for its first claim and after a delivery.
        var wake: IdleWake?
        while !Task.isCancelled, !isStopped {
            let claimed: QueuedMutation?
            switch next {
            case .claim:
                // A storage failure (the database restarting, say) is waited out like an empty queue.
                claimed = try? await shared.claimNext(by: configuration.workerName, for: configuration.lease)
                if claimed == nil, wake == .fanOut { fanOutFoundNothing = true }
            case .claimed(let mutation):
                claimed = mutation
            case .nothingToClaim:
                claimed = nil
            }
            guard let claimed else {
                wake = await waitForWork(asIdleWorker: true)
                next = .claim
                continue
            }
            // There may be more to claim: another idle worker looks, and so on while claims
            // succeed, so that a backlog of several queues fans out over the workers one claim
            // at a time. A worker woken by this process's enqueue has most likely claimed that
            // mutation, and each enqueue wakes a worker of its own; once a worker woken to fan
            // out found nothing (every claimable queue is held), nobody fans out again until
            // an enqueue or a poll tick says there may be more.
            if wake != .enqueue, !fanOutFoundNothing { wakeOneIdleWorker(.fanOut) }
            wake = nil
            report(.attemptStarted, claimed)
            next = await deliver(claimed, over: shared)
        }
    }

    /// Why an idle worker woke, which decides whether its claim wakes another.
    enum IdleWake {
        /// This process queued a mutation.
        case enqueue
        /// A worker whose claim succeeded woke this one, in case there is more to claim.
        case fanOut
        /// The poll timer ticked, or the queue stopped.
        case poll
    }

    /// What a worker does after a delivery: claim, take the claim the settlement made, or wait.
    private enum NextClaim {
        case claim
        case claimed(QueuedMutation)
        case nothingToClaim
    }

    /// Sends one claimed mutation, renewing its claim while the request is out, then settles
    /// it or gives the claim back, as long as the claim is still this worker's.
    private func deliver(_ entry: QueuedMutation, over shared: any SharedMutationQueueStorage) async -> NextClaim {
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
            return .claim
        }
        let (attempt, isStillClaimed) = await renewingClaim(entry, over: shared) { [client, layer = layers[entry.id]] in
            try await kind.deliver(entry, client, layer)
        }
        // Another worker took the claim over and sends the mutation again, with the same
        // idempotency key: settling or releasing it belongs to that worker now. Settling checks
        // the claim again, for a takeover after the last renewal.
        guard isStillClaimed else { return .claim }
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
                return .claim
            }
            if Self.isTransient(error) {
                var generator = SystemRandomNumberGenerator()
                let wait = configuration.retryPolicy.delay(beforeRetry: max(1, entry.attempts), using: &generator)
                report(.retryScheduled(delay: wait), entry)
                try? await shared.release(entry.id, by: worker, reason: "\(error)", retryAfter: wait)
                return .claim
            }
            removeLayer(layers[entry.id])
            report(.gaveUp, entry)
            return await settleClaim(entry, over: shared, outcome: .failed(reason: "\(error)"), result: nil, failure: error)
        }
        report(.delivered, entry)
        return await settleClaim(entry, over: shared, outcome: .delivered(response: delivery.response), result: delivery.result, failure: nil)
    }

    /// Settles a mutation this worker claimed, unless another worker took the claim over: then
    /// that worker settles it, and whoever awaits it here reads its outcome from storage. The
    /// worker's next claim is made in the same round trip.
    private func settleClaim(
        _ entry: QueuedMutation,
        over shared: any SharedMutationQueueStorage,
        outcome: MutationOutcome,
        result: (any Sendable)?,
        failure: (any Error)?
    ) async -> NextClaim {
        let next: NextClaim
        do {
            let settlement = try await shared.settle(entry, by: configuration.workerName, outcome: outcome, claimingNextFor: configuration.lease)
            next = settlement.next.map(NextClaim.claimed) ?? .nothingToClaim
            guard settlement.settled else { return next }
        } catch {
            // As over storage of one process: the store has the answer, and should storage fail
            // to record it, the mutation is sent again after the lease, with the same key.
            next = .claim
        }
        finish(entry.id, with: .success(Settlement(outcome: outcome, result: result, failure: failure)))
        return next
    }

    /// Waits until this process queues a mutation or settles one, or the next tick of the
    /// poll timer, when other processes may have queued or settled some. An idle worker is
    /// woken alone (``wakeOneIdleWorker(_:)``): a new mutation is claimed by one worker,
    /// and waking all of them would send a claim per worker that finds nothing.
    /// - Returns: Why the idle worker woke.
    @discardableResult
    func waitForWork(asIdleWorker: Bool = false) async -> IdleWake {
        guard !Task.isCancelled else { return .poll }
        if asIdleWorker, enqueuedWhileAllBusy {
            // An enqueue found every worker busy: this one claims at once rather than at the
            // next tick.
            enqueuedWhileAllBusy = false
            return .enqueue
        }
        if asIdleWorker {
            return await withCheckedContinuation { continuation in
                idleWorkers.append(continuation)
                if pollTimer == nil { pollTimer = makePollTimer() }
            }
        }
        await withCheckedContinuation { continuation in
            workWaiters.append(continuation)
            if pollTimer == nil { pollTimer = makePollTimer() }
        }
        return .poll
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
        pollTicks += 1
        fanOutFoundNothing = false
        wakeWorkWaiters()
        wakeOneIdleWorker(.poll)
        return true
    }

    /// Wakes every outcome watcher, and every idle worker once the queue is stopped, so that
    /// each sees it. A settlement wakes no idle worker: the worker that settled claims next.
    func wakeWorkWaiters() {
        let waiters = workWaiters
        workWaiters.removeAll()
        if isStopped {
            let idle = idleWorkers
            idleWorkers.removeAll()
            for worker in idle { worker.resume(returning: .poll) }
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Wakes the worker that has waited longest, if one waits, telling it why. An enqueue that
    /// finds no idle worker is noted, so that the next worker to run out of work claims again
    /// instead of waiting for a tick.
    func wakeOneIdleWorker(_ reason: IdleWake) {
        if reason == .enqueue { fanOutFoundNothing = false }
        guard !idleWorkers.isEmpty else {
            if reason == .enqueue { enqueuedWhileAllBusy = true }
            return
        }
        idleWorkers.removeFirst().resume(returning: reason)
    }

    /// Over shared storage, another process may settle a mutation that a caller here awaits,
    /// or whose optimistic layer shows here: its outcome is looked for in storage until it is
    /// there, for as long as someone waits or the layer shows. The layer then goes; the answer
    /// itself is written by the process that delivered it, into its own store.
    func watchOutcome(of id: String) {
        guard outcomeWatchers[id] == nil else { return }
        outcomeWatchers[id] = Task {
            // A mutation this process queued and has not seen leave is either still queued, and
            // its settlement here finishes the waiters, or settled by another process, which only
            // a poll can find: storage is asked at poll ticks, not at each settlement here.
            var ticksSeen = pollTicks
            var looks = !enqueuedHere.contains(id)
            while !Task.isCancelled, settlementWaiters[id] != nil || layers[id] != nil {
                if looks, let outcome = try? await storage.outcome(of: id) {
                    removeLayer(layers[id])
                    finish(id, with: .success(Settlement(outcome: outcome, result: nil, failure: nil)))
                    break
                }
                await waitForWork()
                looks = !enqueuedHere.contains(id) || pollTicks != ticksSeen
                ticksSeen = pollTicks
            }
            outcomeWatchers[id] = nil
        }
    }
}
