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
            let claimed: [QueuedMutation]
            switch next {
            case .claim:
                // A storage failure (the database restarting, say) is waited out like an empty queue.
                claimed = (try? await shared.claimNext(configuration.claimBatchSize, by: configuration.workerName, for: configuration.lease)) ?? []
                if claimed.isEmpty, wake == .fanOut { fanOutFoundNothing = true }
            case .claimed(let batch):
                claimed = batch
            case .nothingToClaim:
                claimed = []
            }
            guard !claimed.isEmpty else {
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

    /// What a worker does after a batch: claim, take the batch the settlement claimed, or wait.
    private enum NextClaim {
        case claim
        case claimed([QueuedMutation])
        case nothingToClaim
    }

    /// A mutation of a batch that left the queue here, waiting to be settled with the others.
    private typealias Delivered = (entry: QueuedMutation, settlement: Settlement)

    /// Sends a batch of claimed mutations of one queue in order, renewing their claims while
    /// the batch is out, then settles what was delivered or given up, claiming the next batch
    /// in the same round trip. The first mutation that is neither ends the batch: the ones
    /// behind it are given back untried, so that the queue keeps its order.
    private func deliver(_ batch: [QueuedMutation], over shared: any SharedMutationQueueStorage) async -> NextClaim {
        hold(batch, over: shared)
        defer { letGo(batch) }
        var delivered: [Delivered] = []
        var untried = batch[...]
        while let entry = untried.first, !Task.isCancelled, !isStopped {
            untried.removeFirst()
            report(.attemptStarted, entry)
            guard let settlement = await attempt(entry, over: shared) else { break }
            delivered.append((entry, settlement))
            // A caller in this process awaits it: it is settled now, not after the batch.
            if !untried.isEmpty, settlementWaiters[entry.id] != nil {
                _ = await settle(delivered, over: shared, claimingNext: 0)
                delivered.removeAll()
            }
        }
        guard Task.isCancelled || isStopped else {
            return await end(delivered: delivered, untried: Array(untried), over: shared, claimingNext: configuration.claimBatchSize)
        }
        // A stopped worker's task is cancelled, and storage may refuse a cancelled task's work
        // (PostgresNIO does): what it delivered is settled, and what it did not try is given
        // back, from a task of its own, which the stop waits for.
        return await Task { [delivered, untried = Array(untried)] in
            await self.end(delivered: delivered, untried: untried, over: shared, claimingNext: 0)
        }.value
    }

    /// Gives back what a batch did not try, then settles what it delivered, claiming up to
    /// `limit` next: given back first, so that the claim may take them again.
    private func end(delivered: [Delivered], untried: [QueuedMutation], over shared: any SharedMutationQueueStorage, claimingNext limit: Int) async -> NextClaim {
        if !untried.isEmpty { try? await shared.giveBack(untried, by: configuration.workerName) }
        return await settle(delivered, over: shared, claimingNext: limit)
    }

    /// Sends one claimed mutation: how it left the queue, to settle, or `nil` when its claim
    /// was given back (a failure worth retrying, a stop, a type this process was not given)
    /// or taken over by another worker, which ends its batch.
    private func attempt(_ entry: QueuedMutation, over shared: any SharedMutationQueueStorage) async -> Settlement? {
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
            return nil
        }
        let attempt: Result<QueuedMutationKind.Delivery, any Error>
        do {
            attempt = .success(try await kind.deliver(entry, client, layers[entry.id]))
        } catch {
            attempt = .failure(error)
        }
        // Another worker took the claim over and sends the mutation again, with the same
        // idempotency key: settling or releasing it belongs to that worker now. Settling checks
        // the claim again, for a takeover after the last renewal.
        guard !wasLost(entry) else { return nil }
        switch attempt {
        case .success(let sent):
            report(.delivered, entry)
            return Settlement(outcome: .delivered(response: sent.response), result: sent.result, failure: nil)
        case .failure(let error):
            if Task.isCancelled || isStopped {
                // Stopped while the request was out: any worker may send it again at once,
                // with the same idempotency key, so the server applies it once.
                await Task {
                    try? await shared.release(entry.id, by: worker, reason: "worker \(worker) stopped", retryAfter: .zero)
                }.value
                return nil
            }
            if Self.isTransient(error) {
                var generator = SystemRandomNumberGenerator()
                let wait = configuration.retryPolicy.delay(beforeRetry: max(1, entry.attempts), using: &generator)
                report(.retryScheduled(delay: wait), entry)
                try? await shared.release(entry.id, by: worker, reason: "\(error)", retryAfter: wait)
                return nil
            }
            removeLayer(layers[entry.id])
            report(.gaveUp, entry)
            return Settlement(outcome: .failed(reason: "\(error)"), result: nil, failure: error)
        }
    }

    /// Settles mutations this worker claimed, unless another worker took a claim over: then
    /// that worker settles it, and whoever awaits it here reads its outcome from storage. The
    /// worker's next batch, of up to `limit`, is claimed in the same round trip.
    private func settle(_ delivered: [Delivered], over shared: any SharedMutationQueueStorage, claimingNext limit: Int) async -> NextClaim {
        guard !delivered.isEmpty || limit > 0 else { return .claim }
        let next: NextClaim
        let settled: Set<String>
        do {
            let settlements = delivered.map { ClaimSettlement(claim: $0.entry, outcome: $0.settlement.outcome) }
            let result = try await shared.settle(settlements, by: configuration.workerName, claimingNext: limit, for: configuration.lease)
            settled = result.settled
            next = result.next.isEmpty ? .nothingToClaim : .claimed(result.next)
        } catch {
            // As over storage of one process: the store has the answer, and should storage fail
            // to record it, the mutation is sent again after the lease, with the same key.
            settled = Set(delivered.map(\.entry.id))
            next = .claim
        }
        for (entry, settlement) in delivered where settled.contains(entry.id) {
            finish(entry.id, with: .success(settlement))
        }
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
