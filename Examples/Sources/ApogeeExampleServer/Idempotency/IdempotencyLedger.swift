import ApogeeAPI
import NIOConcurrencyHelpers

/// Remembers the answer to each mutation sent with an `Idempotency-Key` header, so a client
/// that retries (after a lost connection, a crash…) gets the first answer again instead of
/// the mutation being applied twice.
final class IdempotencyLedger: Sendable {
    private let answers = NIOLockedValueBox<[String: Task<EncodedAnswer, Never>]>([:])
    /// The keys applied, and the tests waiting for their count to reach a number.
    private struct Applied {
        var keys: [String] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let applied = NIOLockedValueBox(Applied())

    /// The keys whose mutation ran, in the order they ran; each appears once.
    var appliedKeys: [String] { applied.withLockedValue { $0.keys } }

    /// Returns once at least `count` keys have been applied.
    func waitUntilApplied(count: Int) async {
        await withCheckedContinuation { continuation in
            let isReached = applied.withLockedValue { applied in
                guard applied.keys.count < count else { return true }
                applied.waiters.append((count, continuation))
                return false
            }
            if isReached { continuation.resume() }
        }
    }

    private func recordApplied(_ key: String) {
        let ready = applied.withLockedValue { applied in
            applied.keys.append(key)
            let count = applied.keys.count
            let ready = applied.waiters.filter { $0.count <= count }
            applied.waiters.removeAll { $0.count <= count }
            return ready
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Runs `mutation` the first time `key` is seen, and answers its stored result every time.
    ///
    /// The mutation runs in its own task: a client that disconnects half-way does not cancel
    /// it, so the key's outcome is settled whatever happens to the connection.
    func answer(key: String, scope: String, _ mutation: @escaping @Sendable () async -> EncodedAnswer) async -> (EncodedAnswer, replayed: Bool) {
        let scopedKey = scope + " " + key
        let (task, isNew) = answers.withLockedValue { answers -> (Task<EncodedAnswer, Never>, Bool) in
            if let existing = answers[scopedKey] { return (existing, false) }
            let task = Task {
                let response = await mutation()
                self.recordApplied(key)
                return response
            }
            answers[scopedKey] = task
            return (task, true)
        }
        return (await task.value, !isNew)
    }
}
