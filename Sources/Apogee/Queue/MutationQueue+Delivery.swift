import ApogeeAPI
import HTTPTypes

extension MutationQueue {
    /// What one attempt at the head of a queue came to.
    enum AttemptResult {
        /// It left the queue.
        case settled
        /// It stays, to be tried again after a backoff.
        case retry
        /// Delivery was stopped.
        case stopped
    }

    /// Delivers the mutations of one queue in order, each until it leaves the queue.
    func deliverAll(in queue: String) async {
        var failures = 0
        delivery: while !Task.isCancelled, let head = pending.first(where: { $0.queue == queue }) {
            switch await attempt(head) {
            case .settled:
                failures = 0
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

    /// Sends one mutation and settles it, or notes why it must wait.
    private func attempt(_ entry: QueuedMutation) async -> AttemptResult {
        // `start()` refuses storage holding unknown types, so this is a safeguard only.
        guard let kind = kindsWithUpdaters[entry.id] ?? kinds[entry.operationName] else { return .retry }
        let counted: QueuedMutation
        do {
            // Counted before it leaves: from now on it may reach the server, so it can no
            // longer be cancelled.
            guard let recorded = try await storage.recordAttempt(entry.id) else {
                finish(entry.id, with: .failure(MutationQueueError.unknownMutation(id: entry.id)))
                return .settled
            }
            counted = recorded
            if let index = pending.firstIndex(where: { $0.id == entry.id }) { pending[index] = counted }
            report(.attemptStarted, counted)
        } catch {
            return .retry
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
            await settle(entry.id, outcome: .failed(reason: reason), result: nil, failure: error)
            return .settled
        }
        report(.delivered, counted)
        await settle(entry.id, outcome: .delivered(response: delivery.response), result: delivery.result, failure: nil)
        return .settled
    }

    func settle(_ id: String, outcome: MutationOutcome, result: (any Sendable)?, failure: (any Error)?) async {
        // The store has the answer already. Should storage fail to record it, the mutation is
        // sent again in the next run, and its idempotency key makes the server answer the
        // same without applying it twice.
        try? await storage.settle(id, outcome: outcome)
        finish(id, with: .success(Settlement(outcome: outcome, result: result, failure: failure)))
    }

    /// Whether trying again later may succeed: the server could not be reached, or said it
    /// is overloaded or failing. Anything else (a request the server calls wrong, an answer
    /// that cannot be read) would fail the same way again.
    static func isTransient(_ error: any Error) -> Bool {
        switch error {
        case ApogeeError.transport(let failure):
            failure.mayPassOnRetry
        case ApogeeError.httpStatus(let head, _), ApogeeError.invalidResponse(_, let head, _):
            head.status == .tooManyRequests || head.status == .requestTimeout || head.status.kind == .serverError
        default:
            false
        }
    }
}
