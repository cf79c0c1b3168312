import ApogeeAPI
import HTTPTypes

extension MutationQueue {
    /// What one attempt at the head of a queue came to.
    enum AttemptResult {
        /// It left the queue; `next` is the mutation after it, when settling counted its
        /// attempt already.
        case settled(next: QueuedMutation?)
        /// It stays, to be tried again after a backoff.
        case retry
        /// Delivery was stopped.
        case stopped
    }

    /// Delivers the mutations of one queue in order, each until it leaves the queue.
    func deliverAll(in queue: String) async {
        var failures = 0
        // The head whose attempt the last settlement counted, in the same transaction.
        var counted: QueuedMutation?
        delivery: while !Task.isCancelled, let head = pending.first(where: { $0.queue == queue }) {
            // A count serves one attempt only: a retry counts again.
            let alreadyCounted = counted?.id == head.id ? counted : nil
            counted = nil
            switch await attempt(head, counted: alreadyCounted) {
            case .settled(let next):
                failures = 0
                counted = next
            case .retry:
                failures += 1
                var generator = SystemRandomNumberGenerator()
                let wait = configuration.retryPolicy.delay(beforeRetry: failures, using: &generator)
                report(.retryScheduled(delay: wait), pending.first { $0.id == head.id } ?? head)
                do { try await configuration.sleeper.sleep(for: wait) } catch { break delivery }
            case .stopped:
                break delivery
            }
        }
        workers[queue] = nil
        // A mutation queued while this one was finishing starts a new worker.
        if !isStopped, !Task.isCancelled, pending.contains(where: { $0.queue == queue }) {
            startWorker(for: queue)
        }
    }

    /// Sends one mutation and settles it, or notes why it must wait. `alreadyCounted` is the
    /// mutation as the last settlement counted its attempt, if it did.
    private func attempt(_ entry: QueuedMutation, counted alreadyCounted: QueuedMutation?) async -> AttemptResult {
        // `start()` refuses storage holding unknown types, so this is a safeguard only.
        guard let kind = kind(of: entry) else { return .retry }
        let counted: QueuedMutation
        if let alreadyCounted {
            counted = alreadyCounted
        } else {
            do {
                // Counted before it leaves: from now on it may reach the server, so it can no
                // longer be cancelled.
                guard let recorded = try await storage.recordAttempt(entry.id) else {
                    finish(entry.id, with: .failure(MutationQueueError.unknownMutation(id: entry.id)))
                    return .settled(next: nil)
                }
                counted = recorded
                noteAttempt(counted)
            } catch {
                return .retry
            }
        }
        let delivery: QueuedMutationKind.Delivery
        do {
            delivery = try await kind.deliver(entry, client, layers[entry.id])
        } catch {
            if Task.isCancelled { return .stopped }
            if Self.isTransient(error) {
                try? await storage.recordFailure(entry.id, reason: "\(error)")
                return .retry
            }
            removeLayer(layers[entry.id])
            let reason = "\(error)"
            report(.gaveUp, counted)
            return .settled(next: await settle(entry, outcome: .failed(reason: reason), result: nil, failure: error))
        }
        report(.delivered, counted)
        return .settled(next: await settle(entry, outcome: .delivered(response: delivery.response), result: delivery.result, failure: nil))
    }

    /// Settles a mutation this worker sent, counting the attempt at the next of its queue in
    /// the same step; returns that next mutation when its attempt was counted.
    private func settle(_ entry: QueuedMutation, outcome: MutationOutcome, result: (any Sendable)?, failure: (any Error)?) async -> QueuedMutation? {
        // Only a worker that goes on counts an attempt ahead: once counted, a mutation can no
        // longer be cancelled. Nothing can come between the head and the next but a
        // cancellation, which the count makes fail from now on.
        guard !isStopped, !Task.isCancelled,
              let next = pending.first(where: { $0.queue == entry.queue && $0.id != entry.id }),
              kind(of: next) != nil
        else {
            await settle(entry.id, outcome: outcome, result: result, failure: failure)
            return nil
        }
        let attempts: Int?
        do {
            attempts = try await storage.settle(entry.id, outcome: outcome, recordingAttemptAt: next.id)
        } catch {
            // As in `settle(_:outcome:result:failure:)`: the mutation is sent again in the next
            // run. The next one's attempt is counted on its own, before it is sent.
            attempts = nil
        }
        finish(entry.id, with: .success(Settlement(outcome: outcome, result: result, failure: failure)))
        guard let attempts else { return nil }
        var counted = next
        counted.attempts = attempts
        noteAttempt(counted)
        return counted
    }

    func settle(_ id: String, outcome: MutationOutcome, result: (any Sendable)?, failure: (any Error)?) async {
        // The store has the answer already. Should storage fail to record it, the mutation is
        // sent again in the next run, and its idempotency key makes the server answer the
        // same without applying it twice.
        try? await storage.settle(id, outcome: outcome)
        finish(id, with: .success(Settlement(outcome: outcome, result: result, failure: failure)))
    }

    /// How to deliver a mutation: the kind its caller gave an updater with, else its type's.
    func kind(of entry: QueuedMutation) -> QueuedMutationKind? {
        kindsWithUpdaters[entry.id] ?? kinds[entry.operationName]
    }

    /// Keeps a mutation's new attempt count, so that it can no longer be cancelled, and says
    /// that its attempt began.
    private func noteAttempt(_ counted: QueuedMutation) {
        if let index = pending.firstIndex(where: { $0.id == counted.id }) { pending[index] = counted }
        report(.attemptStarted, counted)
    }

    /// Whether trying again later may succeed: the server could not be reached, or said it
    /// is overloaded or failing. Anything else (a request the server calls wrong, an answer
    /// that cannot be read) would fail the same way again.
    static func isTransient(_ error: any Error) -> Bool {
        guard let error = error as? ApogeeError else { return false }
        if let failure = error.transportError { return failure.mayPassOnRetry }
        // Only an answer the server sent (an error status, or a body that is not GraphQL) has a head.
        guard let head = error.httpResponse else { return false }
        return head.status == .tooManyRequests || head.status == .requestTimeout || head.status.kind == .serverError
    }
}
