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
///
/// The three statements are prepared once per connection (``ClaimBatch``, ``SettleBatch``,
/// ``SettleAlone``): PostgreSQL plans a claim in about three times what it takes to run one,
/// and a worker sends the same few statements all day.
extension PostgresMutationQueueStorage {
    /// Claims the oldest head of a queue that no live claim holds and up to `limit - 1`
    /// mutations behind it in its queue, counting an attempt for each, in one statement.
    public func claimNext(_ limit: Int, by worker: String, for lease: Duration) async throws(PostgresQueueStorageError) -> [QueuedMutation] {
        guard limit > 0 else { return [] }
        return try await withErrors {
            var claims: [QueuedMutation] = []
            for try await claim in try await client.execute(ClaimBatch(worker: worker, seconds: lease.seconds, limit: limit), logger: logger) {
                claims.append(try claim.get())
            }
            return claims
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
        let batch = SettlingBatch(settlements)
        return try await withErrors {
            guard limit > 0 else {
                var settled = Set<String>()
                for try await keys in try await client.execute(SettleAlone(worker: worker, batch: batch), logger: logger) {
                    settled.formUnion(try keys.get())
                }
                return SettledClaims(settled: settled, next: [])
            }
            var settled: Set<String>?
            var next: [QueuedMutation] = []
            let rows = try await client.execute(SettleBatch(worker: worker, seconds: lease.seconds, limit: limit, batch: batch), logger: logger)
            for try await row in rows {
                let (keys, claim) = try row.get()
                if settled == nil { settled = Set(keys) }
                if let claim { next.append(claim) }
            }
            guard let settled else {
                throw PostgresQueueStorageError(.undecodableRow, detail: "a settlement returned no row")
            }
            next.sort { $0.sequence < $1.sequence }
            return SettledClaims(settled: settled, next: next)
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

    /// The claims of a batch being settled, as the arrays its statements bind.
    struct SettlingBatch {
        var keys: [String]
        var attempts: [Int]
        /// Each outcome's JSON text, cast to `jsonb` by the statement.
        var outcomes: [String]

        init(_ settlements: [ClaimSettlement]) {
            keys = settlements.map(\.claim.idempotencyKey)
            attempts = settlements.map(\.claim.attempts)
            outcomes = settlements.map { JSONValue.object($0.outcome.storedJSON).serializedString }
        }

        func append(to bindings: inout PostgresBindings) {
            bindings.append(keys)
            bindings.append(attempts)
            bindings.append(outcomes)
        }
    }

    /// Claims a batch: `$1` the worker, `$2` the lease in seconds, `$3` how many at most.
    struct ClaimBatch: PostgresPreparedStatement {
        static let name = "apogee_claim_batch"
        static let sql = """
            WITH claimant (worker, seconds) AS (VALUES ($1::text, $2::float8)),
            head AS (\(claimableBatchHead(settling: false))),
            claimed AS (\(claimRun(settling: false)))
            SELECT * FROM claimed ORDER BY sequence
            """

        var worker: String
        var seconds: Double
        var limit: Int

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 3)
            bindings.append(worker)
            bindings.append(seconds)
            bindings.append(limit)
            return bindings
        }

        /// A claim, or why its row could not be read: an error thrown here would reach the
        /// caller as PostgresNIO's, without the row's story.
        func decodeRow(_ row: PostgresRow) -> Result<QueuedMutation, PostgresQueueStorageError> {
            Result { () throws(PostgresQueueStorageError) in
                guard let claim = try PostgresMutationQueueStorage.claim(in: row.makeRandomAccess(), from: 0) else {
                    throw PostgresQueueStorageError(.undecodableRow, detail: "a claim's row is empty")
                }
                return claim
            }
        }
    }

    /// Settles a batch and claims the next: `$1` the worker, `$2` the lease in seconds, `$3`
    /// how many to claim at most, `$4`, `$5` and `$6` the batch's keys, attempts and outcomes.
    struct SettleBatch: PostgresPreparedStatement {
        static let name = "apogee_settle_batch"
        static let sql = """
            WITH claimant (worker, seconds) AS (VALUES ($1::text, $2::float8)),
            \(settlingSteps(keys: "$4", attempts: "$5", outcomes: "$6")),
            head AS (\(claimableBatchHead(settling: true))),
            claimed AS (\(claimRun(settling: true)))
            SELECT ARRAY(SELECT idempotency_key FROM removed) AS settled, claimed.* FROM (VALUES (1)) AS one LEFT JOIN claimed ON true
            """

        var worker: String
        var seconds: Double
        var limit: Int
        var batch: SettlingBatch

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 6)
            bindings.append(worker)
            bindings.append(seconds)
            bindings.append(limit)
            batch.append(to: &bindings)
            return bindings
        }

        /// The keys the statement settled (the same in every row) and one claim of the next
        /// batch, if it claimed any.
        func decodeRow(_ row: PostgresRow) -> Result<(settled: [String], claim: QueuedMutation?), PostgresQueueStorageError> {
            Result { () throws(PostgresQueueStorageError) in
                let cells = row.makeRandomAccess()
                return (try PostgresMutationQueueStorage.settledKeys(in: cells), try PostgresMutationQueueStorage.claim(in: cells, from: 1))
            }
        }
    }

    /// Settles a batch and claims nothing: `$1` the worker, `$2`, `$3` and `$4` the batch's keys,
    /// attempts and outcomes.
    struct SettleAlone: PostgresPreparedStatement {
        static let name = "apogee_settle_alone"
        static let sql = """
            WITH claimant (worker) AS (VALUES ($1::text)),
            \(settlingSteps(keys: "$2", attempts: "$3", outcomes: "$4"))
            SELECT ARRAY(SELECT idempotency_key FROM removed) AS settled
            """

        var worker: String
        var batch: SettlingBatch

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 4)
            bindings.append(worker)
            batch.append(to: &bindings)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) -> Result<[String], PostgresQueueStorageError> {
            Result { () throws(PostgresQueueStorageError) in try PostgresMutationQueueStorage.settledKeys(in: row.makeRandomAccess()) }
        }
    }

    /// The steps that settle a batch, for a statement whose `claimant` names the worker: the
    /// batch (`settling`), its claims that are still the worker's deleted (`removed`), and
    /// their outcomes recorded (`recorded`).
    private static func settlingSteps(keys: String, attempts: String, outcomes: String) -> String {
        """
        settling AS (
            SELECT * FROM unnest(\(keys)::text[], \(attempts)::bigint[], \(outcomes)::text[]) AS settling (idempotency_key, attempts, outcome)
        ), removed AS (
            DELETE FROM apogee_mutations AS settled USING settling
            WHERE settled.idempotency_key = settling.idempotency_key AND settled.claimed_by = (SELECT worker FROM claimant)
              AND settled.attempts = settling.attempts
            RETURNING settled.idempotency_key, settling.outcome
        ), recorded AS (
            INSERT INTO apogee_mutation_outcomes (idempotency_key, outcome) SELECT idempotency_key, outcome::jsonb FROM removed
            \(firstOutcomeStands)
        )
        """
    }

    /// The sequence and queue of the oldest head of a queue that no live claim holds, locked
    /// for the claim (``claimableHead(selecting:notSettled:notInTheWay:)``). While a batch is settled in the same
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
    /// to `$3` in all, for the worker and the lease the `claimant` query gives. Nothing behind a
    /// head is claimed by anyone else: a queue is claimed from its head, and settled from its head.
    private static func claimRun(settling: Bool) -> String {
        let notSettled = settling ? " AND run.idempotency_key NOT IN (SELECT idempotency_key FROM settling)" : ""
        return """
            UPDATE apogee_mutations AS claimed
            SET attempts = claimed.attempts + 1, claimed_by = (SELECT worker FROM claimant),
                claim_expires_at = now() + make_interval(secs => (SELECT seconds FROM claimant))
            WHERE claimed.sequence IN (
                SELECT run.sequence FROM apogee_mutations AS run, head
                WHERE run.queue = head.queue AND run.sequence >= head.sequence\(notSettled)
                ORDER BY run.sequence
                LIMIT $3
            )
            RETURNING \(columns(of: "claimed"))
            """
    }
}
#endif
