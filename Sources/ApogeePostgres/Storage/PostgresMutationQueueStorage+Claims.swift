// The outbox needs PostgresNIO, which a package resolves only with the `PostgreSQL` trait on.
#if PostgreSQL
import ApogeeAPI
import ApogeeStore
import PostgresNIO

extension PostgresMutationQueueStorage {
    /// Claims the oldest head of a queue that no live claim holds, counting the attempt, in
    /// one statement: the batch claim (``claimNext(_:by:for:)``) with a batch of one.
    public func claimNext(by worker: String, for lease: Duration) async throws(PostgresQueueStorageError) -> QueuedMutation? {
        try await claimNext(1, by: worker, for: lease).first
    }

    /// The query of the oldest head of a queue that no live claim holds, selecting `columns`
    /// of the `candidate`, locked for the claim; `notSettled` and `notInTheWay` are the
    /// conditions a statement that settles claims too adds (see the batch statements).
    ///
    /// `FOR UPDATE SKIP LOCKED` lets workers claim at once without waiting on each other: a
    /// head another worker is claiming is skipped, and so is everything behind it, since a
    /// mutation is a candidate only when nothing comes before it in its queue.
    static func claimableHead(selecting columns: String, notSettled: String, notInTheWay: String) -> String {
        """
        SELECT \(columns) FROM apogee_mutations AS candidate
        WHERE (candidate.claim_expires_at IS NULL OR candidate.claim_expires_at < now())\(notSettled)
          AND NOT EXISTS (
              SELECT 1 FROM apogee_mutations AS earlier
              WHERE earlier.queue = candidate.queue AND earlier.sequence < candidate.sequence\(notInTheWay)
          )
        ORDER BY candidate.sequence
        LIMIT 1
        FOR UPDATE SKIP LOCKED
        """
    }

    /// Extends a claim while its worker delivers the mutation; `false` when the claim is no
    /// longer the worker's.
    ///
    /// The claim is told by its worker and its attempt count, which every claim raises: a later
    /// claim of the same mutation by the same worker is another claim. A claim whose lease ran
    /// out is renewed as long as no other worker claimed the mutation meanwhile, since nobody
    /// else can have sent it since.
    public func renew(_ claim: QueuedMutation, by worker: String, for lease: Duration) async throws(PostgresQueueStorageError) -> Bool {
        try await renew(claims: [claim], by: worker, for: lease).contains(claim.idempotencyKey)
    }

    /// Extends the claims of a batch in flight, each as ``renew(_:by:for:)`` does, in one
    /// statement.
    public func renew(claims: [QueuedMutation], by worker: String, for lease: Duration) async throws(PostgresQueueStorageError) -> Set<String> {
        guard !claims.isEmpty else { return [] }
        let keys = claims.map(\.idempotencyKey)
        let attempts = claims.map(\.attempts)
        let seconds = lease.seconds
        return try await withErrors {
            var held = Set<String>()
            let rows = try await client.query(
                """
                UPDATE apogee_mutations AS held SET claim_expires_at = now() + make_interval(secs => \(seconds))
                FROM unnest(\(keys)::text[], \(attempts)::bigint[]) AS renewing (idempotency_key, attempts)
                WHERE held.idempotency_key = renewing.idempotency_key AND held.claimed_by = \(worker) AND held.attempts = renewing.attempts
                RETURNING held.idempotency_key
                """,
                logger: logger
            )
            for try await key in rows.decode(String.self) { held.insert(key) }
            return held
        }
    }

    /// Takes a claimed mutation out of its queue and records its outcome, in one statement, only
    /// while the claim (told as in ``renew(_:by:for:)``) is still the worker's; `false`, and
    /// nothing changes, when another worker took it over or it left the queue. The claim is
    /// the fence: a worker that lost it cannot settle what another worker now sends.
    public func settle(_ claim: QueuedMutation, by worker: String, outcome: MutationOutcome) async throws(PostgresQueueStorageError) -> Bool {
        let settled = try await settle([ClaimSettlement(claim: claim, outcome: outcome)], by: worker, claimingNext: 0, for: .zero)
        return settled.settled.contains(claim.idempotencyKey)
    }

    /// Settles a claim as ``settle(_:by:outcome:)`` does and claims the next head as
    /// ``claimNext(by:for:)`` does, in one statement: the batch settlement with a batch of one.
    public func settle(
        _ claim: QueuedMutation,
        by worker: String,
        outcome: MutationOutcome,
        claimingNextFor lease: Duration
    ) async throws(PostgresQueueStorageError) -> SettledClaim {
        let settled = try await settle([ClaimSettlement(claim: claim, outcome: outcome)], by: worker, claimingNext: 1, for: lease)
        return SettledClaim(settled: settled.settled.contains(claim.idempotencyKey), next: settled.next.first)
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
#endif
