import ApogeeStore
import PostgresNIO

extension PostgresMutationQueueStorage {
    /// Claims the oldest head of a queue that no live claim holds, counting the attempt, in
    /// one statement.
    ///
    /// `FOR UPDATE SKIP LOCKED` lets workers claim at once without waiting on each other: a
    /// head another worker is claiming is skipped, and so is everything behind it, since a
    /// mutation is a candidate only when nothing comes before it in its queue.
    public func claimNext(by worker: String, for lease: Duration) async throws(PostgresQueueStorageError) -> QueuedMutation? {
        let seconds = lease.seconds
        return try await withErrors {
            try await Self.decodeMutations(client.query(
                """
                UPDATE apogee_mutations AS claimed
                SET attempts = claimed.attempts + 1, claimed_by = \(worker),
                    claim_expires_at = now() + make_interval(secs => \(seconds))
                WHERE claimed.sequence = (
                    SELECT candidate.sequence FROM apogee_mutations AS candidate
                    WHERE (candidate.claim_expires_at IS NULL OR candidate.claim_expires_at < now())
                      AND NOT EXISTS (
                          SELECT 1 FROM apogee_mutations AS earlier
                          WHERE earlier.queue = candidate.queue AND earlier.sequence < candidate.sequence
                      )
                    ORDER BY candidate.sequence
                    LIMIT 1
                    FOR UPDATE SKIP LOCKED
                )
                RETURNING \(unescaped: Self.columns(of: "claimed"))
                """,
                logger: logger
            )).first
        }
    }

    /// Gives a claim back after a failed attempt: the head waits `retryAfter` for any worker.
    /// A worker whose lease ran out, and whose mutation another worker claimed, changes nothing.
    public func release(_ idempotencyKey: String, by worker: String, reason: String, retryAfter: Duration) async throws(PostgresQueueStorageError) {
        let seconds = retryAfter.seconds
        try await withErrors {
            try await client.query(
                """
                UPDATE apogee_mutations
                SET last_error = \(reason), claimed_by = NULL, claim_expires_at = now() + make_interval(secs => \(seconds))
                WHERE idempotency_key = \(idempotencyKey) AND claimed_by = \(worker)
                """,
                logger: logger
            )
        }
    }
}

extension Duration {
    /// The duration in seconds, for `make_interval`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
