import ApogeeAPI
import NIOConcurrencyHelpers

/// Remembers the answer to each mutation sent with an `Idempotency-Key` header, so a client
/// that retries (after a lost connection, a crash…) gets the first answer again instead of
/// the mutation being applied twice.
final class IdempotencyLedger: Sendable {
    private let answers = NIOLockedValueBox<[String: Task<EncodedAnswer, Never>]>([:])
    private let applied = NIOLockedValueBox<[String]>([])

    /// The keys whose mutation ran, in the order they ran; each appears once.
    var appliedKeys: [String] { applied.withLockedValue { $0 } }

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
                self.applied.withLockedValue { $0.append(key) }
                return response
            }
            answers[scopedKey] = task
            return (task, true)
        }
        return (await task.value, !isNew)
    }
}
