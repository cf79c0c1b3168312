// The outbox needs PostgresNIO, which a package resolves only with the `PostgreSQL` trait on.
#if PostgreSQL
import ApogeeAPI
import ApogeeStore
import PostgresNIO

/// Claims and settlements in batches: a worker claims a queue's head with the mutations behind
/// it, delivers them in order, and settles them together with its next claim, so that a
/// backlog costs one statement per batch instead of one per mutation. The client's share of a
/// statement (the pool's lease, the encoding, the row stream, two thread wake-ups) is what a
/// fleet worker spends most beside the deliveries themselves.
extension PostgresMutationQueueStorage {
    /// Claims the oldest head of a queue that no live claim holds and up to `limit - 1`
    /// mutations behind it in its queue, counting an attempt for each, in one statement.
    public func claimNext(_ limit: Int, by worker: String, for lease: Duration) async throws(PostgresQueueStorageError) -> [QueuedMutation] {
        guard limit > 0 else { return [] }
        let seconds = lease.seconds
        return try await withErrors {
            try await Self.decodeMutations(client.query(
                """
                WITH claimant (worker, seconds) AS (VALUES (\(worker)::text, \(seconds)::float8)),
                head AS (\(unescaped: Self.claimableBatchHead(settling: false))),
                claimed AS (\(unescaped: Self.claimRun(limit: limit, settling: false)))
                SELECT * FROM claimed ORDER BY sequence
                """,
                logger: logger
            ))
        }
    }

    /// Settles the claims of a batch that are still the worker's, records their outcomes and
    /// claims the next batch (``claimNext(_:by:for:)``), in one statement.
    public func settle(
        _ settlements: [ClaimSettlement],
        by worker: String,
        claimingNext limit: Int,
        for lease: Duration
    ) async throws(PostgresQueueStorageError) -> SettledClaims {
        guard !settlements.isEmpty else {
            return SettledClaims(settled: [], next: try await claimNext(limit, by: worker, for: lease))
        }
        let keys = settlements.map(\.claim.idempotencyKey)
        let attempts = settlements.map(\.claim.attempts)
        let outcomes = settlements.map { JSONValue.object($0.outcome.storedJSON).serializedString }
        let seconds = lease.seconds
        let claiming = limit > 0
        return try await withErrors {
            let claim = claiming ? """
                , head AS (\(Self.claimableBatchHead(settling: true))),
                claimed AS (\(Self.claimRun(limit: limit, settling: true)))
                """ : ""
            let rows = try await client.query(
                """
                WITH claimant (worker, seconds) AS (VALUES (\(worker)::text, \(seconds)::float8)),
                settling AS (
                    SELECT * FROM unnest(\(keys)::text[], \(attempts)::bigint[], \(outcomes)::text[]) AS settling (idempotency_key, attempts, outcome)
                ), removed AS (
                    DELETE FROM apogee_mutations AS settled USING settling
                    WHERE settled.idempotency_key = settling.idempotency_key AND settled.claimed_by = (SELECT worker FROM claimant) AND settled.attempts = settling.attempts
                    RETURNING settled.idempotency_key, settling.outcome
                ), recorded AS (
                    INSERT INTO apogee_mutation_outcomes (idempotency_key, outcome) SELECT idempotency_key, outcome::jsonb FROM removed
                    \(unescaped: Self.firstOutcomeStands)
                )\(unescaped: claim)
                SELECT ARRAY(SELECT idempotency_key FROM removed) AS settled\(unescaped: claiming ? ", claimed.* FROM (VALUES (1)) AS one LEFT JOIN claimed ON true" : "")
                """,
                logger: logger
            )
            return try await Self.decodeSettledBatch(rows)
        }
    }

    /// Gives back claims that were never attempted: the attempt each claim counted is taken
    /// back, and each is claimable at once, in its place in its queue.
    public func giveBack(_ claims: [QueuedMutation], by worker: String) async throws(PostgresQueueStorageError) {
        guard !claims.isEmpty else { return }
        let keys = claims.map(\.idempotencyKey)
        let attempts = claims.map(\.attempts)
        try await withErrors {
            try await client.query(
                """
                UPDATE apogee_mutations AS given
                SET attempts = given.attempts - 1, claimed_by = NULL, claim_expires_at = NULL
                FROM unnest(\(keys)::text[], \(attempts)::bigint[]) AS back (idempotency_key, attempts)
                WHERE given.idempotency_key = back.idempotency_key AND given.claimed_by = \(worker) AND given.attempts = back.attempts
                """,
                logger: logger
            )
        }
    }

    /// The sequence and queue of the oldest head of a queue that no live claim holds, locked
    /// for the claim, as ``claimNext(by:for:)`` finds it. While a batch is settled in the same
    /// statement, its mutations are no candidates, and those it removed are not in the way of
    /// the ones behind them, since the statement's snapshot still holds the rows it deletes.
    private static func claimableBatchHead(settling: Bool) -> String {
        claimableHead(
            selecting: "candidate.sequence, candidate.queue",
            notSettled: settling ? " AND candidate.idempotency_key NOT IN (SELECT idempotency_key FROM settling)" : "",
            notInTheWay: settling ? " AND earlier.idempotency_key NOT IN (SELECT idempotency_key FROM removed)" : ""
        )
    }

    /// Claims the head found by the `head` query and the mutations behind it in its queue, up
    /// to `limit` in all, for the worker and the lease the `claimant` query gives. Nothing behind a head is claimed
    /// by anyone else: a queue is claimed from its head, and settled from its head.
    private static func claimRun(limit: Int, settling: Bool) -> String {
        let notSettled = settling ? " AND run.idempotency_key NOT IN (SELECT idempotency_key FROM settling)" : ""
        return """
            UPDATE apogee_mutations AS claimed
            SET attempts = claimed.attempts + 1, claimed_by = (SELECT worker FROM claimant),
                claim_expires_at = now() + make_interval(secs => (SELECT seconds FROM claimant))
            WHERE claimed.sequence IN (
                SELECT run.sequence FROM apogee_mutations AS run, head
                WHERE run.queue = head.queue AND run.sequence >= head.sequence\(notSettled)
                ORDER BY run.sequence
                LIMIT \(max(1, limit))
            )
            RETURNING \(columns(of: "claimed"))
            """
    }
}

#endif
