// The outbox needs PostgresNIO, which a package resolves only with the `PostgreSQL` trait on.
#if PostgreSQL
import ApogeeAPI
import ApogeeStore
import PostgresNIO

extension PostgresMutationQueueStorage {
    /// Claims the oldest head of a queue that no live claim holds, counting the attempt, in
    /// one statement.
    public func claimNext(by worker: String, for lease: Duration) async throws(PostgresQueueStorageError) -> QueuedMutation? {
        let seconds = lease.seconds
        return try await withErrors {
            try await Self.decodeMutations(client.query(
                """
                UPDATE apogee_mutations AS claimed
                SET attempts = claimed.attempts + 1, claimed_by = \(worker),
                    claim_expires_at = now() + make_interval(secs => \(seconds))
                WHERE claimed.sequence = (\(unescaped: Self.claimableHead(settling: nil)))
                RETURNING \(unescaped: Self.columns(of: "claimed"))
                """,
                logger: logger
            )).first
        }
    }

    /// The sequence of the oldest head of a queue that no live claim holds, locked for the
    /// claim. `settling` names the parameter of a key this statement settles: that mutation is
    /// neither a candidate nor, once `removed` returned it, in the way of the one behind it,
    /// since the statement's snapshot still holds the row it deletes.
    ///
    /// `FOR UPDATE SKIP LOCKED` lets workers claim at once without waiting on each other: a
    /// head another worker is claiming is skipped, and so is everything behind it, since a
    /// mutation is a candidate only when nothing comes before it in its queue.
    private static func claimableHead(settling key: String?) -> String {
        claimableHead(
            selecting: "candidate.sequence",
            notSettled: key.map { " AND candidate.idempotency_key <> \($0)" } ?? "",
            notInTheWay: key.map { " AND (earlier.idempotency_key <> \($0) OR NOT EXISTS (SELECT 1 FROM removed))" } ?? ""
        )
    }

    /// The query of ``claimableHead(settling:)``, selecting `columns` of the `candidate`, with
    /// the conditions of a statement that settles a claim too.
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
        let seconds = lease.seconds
        return try await withErrors {
            try await Self.returnsRows(client.query(
                """
                UPDATE apogee_mutations SET claim_expires_at = now() + make_interval(secs => \(seconds))
                WHERE idempotency_key = \(claim.idempotencyKey) AND claimed_by = \(worker) AND attempts = \(claim.attempts)
                RETURNING 1
                """,
                logger: logger
            ))
        }
    }

    /// Takes a claimed mutation out of its queue and records its outcome, in one statement, only
    /// while the claim (told as in ``renew(_:by:for:)``) is still the worker's; `false`, and
    /// nothing changes, when another worker took it over or it left the queue. The claim is
    /// the fence: a worker that lost it cannot settle what another worker now sends.
    public func settle(_ claim: QueuedMutation, by worker: String, outcome: MutationOutcome) async throws(PostgresQueueStorageError) -> Bool {
        let json = JSONValue.object(outcome.storedJSON).serializedString
        return try await withErrors {
            try await Self.returnsRows(client.query(
                """
                WITH removed AS (
                    DELETE FROM apogee_mutations
                    WHERE idempotency_key = \(claim.idempotencyKey) AND claimed_by = \(worker) AND attempts = \(claim.attempts)
                    RETURNING idempotency_key
                ), recorded AS (
                    INSERT INTO apogee_mutation_outcomes (idempotency_key, outcome) SELECT idempotency_key, \(json)::jsonb FROM removed
                    \(unescaped: Self.firstOutcomeStands)
                )
                SELECT idempotency_key FROM removed
                """,
                logger: logger
            ))
        }
    }

    /// Settles a claim as ``settle(_:by:outcome:)`` does and claims the next head as
    /// ``claimNext(by:for:)`` does, in one statement: one round trip per delivered mutation
    /// where a worker made two.
    public func settle(
        _ claim: QueuedMutation,
        by worker: String,
        outcome: MutationOutcome,
        claimingNextFor lease: Duration
    ) async throws(PostgresQueueStorageError) -> SettledClaim {
        let json = JSONValue.object(outcome.storedJSON).serializedString
        let seconds = lease.seconds
        return try await withErrors {
            // The claim's query names the settled key as `$1`: it is the first value bound here.
            let rows = try await client.query(
                """
                WITH removed AS (
                    DELETE FROM apogee_mutations
                    WHERE idempotency_key = \(claim.idempotencyKey) AND claimed_by = \(worker) AND attempts = \(claim.attempts)
                    RETURNING idempotency_key
                ), recorded AS (
                    INSERT INTO apogee_mutation_outcomes (idempotency_key, outcome) SELECT idempotency_key, \(json)::jsonb FROM removed
                    \(unescaped: Self.firstOutcomeStands)
                ), claimed AS (
                    UPDATE apogee_mutations AS claimed
                    SET attempts = claimed.attempts + 1, claimed_by = \(worker),
                        claim_expires_at = now() + make_interval(secs => \(seconds))
                    WHERE claimed.sequence = (\(unescaped: Self.claimableHead(settling: "$1")))
                    RETURNING \(unescaped: Self.columns(of: "claimed"))
                )
                SELECT (SELECT count(*) FROM removed) AS settled, claimed.* FROM (VALUES (1)) AS one LEFT JOIN claimed ON true
                """,
                logger: logger
            )
            return try await Self.decodeSettledClaim(rows)
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
#endif
