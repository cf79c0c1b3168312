import ApogeeAPI

extension MutationQueue {
    /// How a mutation left the queue, for those awaiting it.
    struct Settlement: Sendable {
        var outcome: MutationOutcome
        /// The typed result, when it was delivered in this process.
        var result: (any Sendable)?
        /// The error, when it was given up or cancelled in this process.
        var failure: (any Error)?
    }

    /// Waits for a mutation to leave the queue; at once when it already has.
    /// - Throws: ``MutationQueueError/unknownMutation(id:)`` when it is neither queued nor
    ///   remembered.
    func settlement(of id: String) async throws -> Settlement {
        try await start()
        if shared != nil { return try await sharedSettlement(of: id) }
        if pending.contains(where: { $0.id == id }) {
            return try await withCheckedThrowingContinuation { continuation in
                settlementWaiters[id, default: []].append(continuation)
            }
        }
        let outcome: MutationOutcome?
        do { outcome = try await storage.outcome(of: id) } catch { throw MutationQueueError.storage(error) }
        guard let outcome else { throw MutationQueueError.unknownMutation(id: id) }
        return Settlement(outcome: outcome, result: nil, failure: nil)
    }

    /// Over shared storage: settled here, by another process, or not known at all.
    private func sharedSettlement(of id: String) async throws -> Settlement {
        if enqueuedHere.contains(id) {
            // Queued here and not seen to leave: still queued, or settled by another process,
            // which the watcher's poll finds. No storage read for what is settled here.
            return try await withCheckedThrowingContinuation { continuation in
                settlementWaiters[id, default: []].append(continuation)
                watchOutcome(of: id)
            }
        }
        let outcome: MutationOutcome?
        let isQueued: Bool
        do {
            // Queued first, then the outcome: a mutation only goes from queued to settled, so
            // one settled between the two reads is found by the second. Read the other way
            // round, it would be in neither.
            isQueued = try await storage.pendingMutations().contains { $0.id == id }
            outcome = isQueued ? nil : try await storage.outcome(of: id)
        } catch {
            throw MutationQueueError.storage(error)
        }
        if let outcome { return Settlement(outcome: outcome, result: nil, failure: nil) }
        guard isQueued else { throw MutationQueueError.unknownMutation(id: id) }
        return try await withCheckedThrowingContinuation { continuation in
            settlementWaiters[id, default: []].append(continuation)
            watchOutcome(of: id)
        }
    }

    /// Waits for a mutation's outcome: its answer, or how it was given up.
    public func outcome(of id: String) async throws -> MutationOutcome {
        try await settlement(of: id).outcome
    }

    /// How many ids ``enqueuedHere`` holds before it is cleared: one per mutation that another
    /// process settles and nobody here awaits, which this process never sees leave.
    static var enqueuedHereLimit: Int { 4_096 }

    /// Takes a mutation out of the in-memory queue and tells whoever waits for it.
    func finish(_ id: String, with settlement: Result<Settlement, any Error>) {
        // Ids are unique and the settled one is nearly always at the head: stop at the first.
        if let index = pending.firstIndex(where: { $0.id == id }) { pending.remove(at: index) }
        enqueuedHere.remove(id)
        layers[id] = nil
        kindsWithUpdaters[id] = nil
        for waiter in settlementWaiters.removeValue(forKey: id) ?? [] {
            waiter.resume(with: settlement)
        }
        // Whoever waits for work over shared storage looks again: a queue may be empty now.
        if shared != nil { wakeWorkWaiters() }
        if pending.isEmpty {
            let waiters = emptyWaiters
            emptyWaiters.removeAll()
            for waiter in waiters.values { waiter.resume(returning: true) }
        }
    }
}
