import ApogeeAPI

/// Mutation queue storage in memory: mutations are queued, retried and delivered in order,
/// but lost with the process. Use the SQLite storage of `ApogeeSQLite` to keep them.
public final class InMemoryMutationQueueStorage: MutationQueueStorage {
    private struct State {
        var pending: [QueuedMutation] = []
        var outcomes: [String: MutationOutcome] = [:]
        var nextSequence: Int64 = 1
    }

    private let state = Locked(State())

    /// Creates empty storage.
    public init() {}

    /// Adds a mutation at the end of its queue, unless its key is known.
    public func enqueue(_ mutation: QueuedMutation) -> EnqueueResult {
        state.withLock { state in
            if let queued = state.pending.first(where: { $0.idempotencyKey == mutation.idempotencyKey }) {
                return .alreadyQueued(queued)
            }
            if let outcome = state.outcomes[mutation.idempotencyKey] { return .alreadySettled(outcome) }
            var mutation = mutation
            mutation.sequence = state.nextSequence
            state.nextSequence += 1
            state.pending.append(mutation)
            return .enqueued(mutation)
        }
    }

    /// Every mutation still queued, in order.
    public func pendingMutations() -> [QueuedMutation] {
        state.withLock { $0.pending }
    }

    /// Counts an attempt as begun.
    public func recordAttempt(_ idempotencyKey: String) -> QueuedMutation? {
        state.withLock { state in
            guard let index = state.pending.firstIndex(where: { $0.idempotencyKey == idempotencyKey }) else { return nil }
            state.pending[index].attempts += 1
            return state.pending[index]
        }
    }

    /// Notes why the last attempt failed.
    public func recordFailure(_ idempotencyKey: String, reason: String) {
        state.withLock { state in
            guard let index = state.pending.firstIndex(where: { $0.idempotencyKey == idempotencyKey }) else { return }
            state.pending[index].lastError = reason
        }
    }

    /// Removes a mutation and remembers its outcome.
    public func settle(_ idempotencyKey: String, outcome: MutationOutcome) {
        state.withLock { state in
            // Keys are unique and the settled one is nearly always at the head: stop at the first.
            if let index = state.pending.firstIndex(where: { $0.idempotencyKey == idempotencyKey }) {
                state.pending.remove(at: index)
            }
            state.outcomes[idempotencyKey] = outcome
        }
    }

    /// Removes a mutation that has not been sent.
    public func cancel(_ idempotencyKey: String) -> Bool {
        state.withLock { state in
            guard let index = state.pending.firstIndex(where: { $0.idempotencyKey == idempotencyKey }),
                  state.pending[index].attempts == 0
            else { return false }
            state.pending.remove(at: index)
            state.outcomes[idempotencyKey] = .cancelled
            return true
        }
    }

    /// The outcome of a mutation that left the queue.
    public func outcome(of idempotencyKey: String) -> MutationOutcome? {
        state.withLock { $0.outcomes[idempotencyKey] }
    }
}
