// The outbox needs PostgresNIO, which a package resolves only with the `PostgreSQL` trait on.
#if PostgreSQL
import ApogeeAPI
import Foundation
import ApogeeStore
import Logging
import PostgresNIO

/// Storage for durable mutation queues in a PostgreSQL database, shared by any number of
/// queues in any number of processes: a transactional outbox for GraphQL mutations.
///
/// ```swift
/// let postgres = PostgresClient(configuration: configuration)
/// // Run the client for as long as the storage is used: in the service's task group.
/// group.addTask { await postgres.run() }
/// let storage = PostgresMutationQueueStorage(client: postgres)
/// try await storage.migrate()
/// let queue = MutationQueue(client: apogee, storage: storage, restoring: [ShipOrderMutation.self])
/// try await queue.start()
/// ```
///
/// Every worker claims the head of a queue before sending it (``claimNext(by:for:)``): one
/// mutation per queue name is in flight across the fleet. A worker renews its claim while the
/// request is out (``renew(_:by:for:)``), so a dead worker's claim runs out within one short
/// lease, and settles it only while the claim is still its own (``settle(_:by:outcome:)``). A
/// key is queued at most once, and its outcome is recorded once. An app enqueues in its own transaction with
/// ``enqueue(_:queue:idempotencyKey:on:)``, so that the mutation commits or rolls back with
/// the business change that caused it. ARCHITECTURE.md shows the tables and the locks.
///
/// ## Topics
/// ### Setting up
/// - ``init(client:logger:)``
/// - ``migrate()``
/// ### Queueing in the app's transaction
/// - ``enqueue(_:queue:idempotencyKey:on:)``
/// - ``enqueue(_:on:)``
/// ### Queueing
/// - ``enqueue(_:)``
/// - ``pendingMutations()``
/// - ``pendingCount()``
/// ### Delivery
/// - ``claimNext(by:for:)``
/// - ``renew(_:by:for:)``
/// - ``settle(_:by:outcome:)``
/// - ``release(_:by:reason:retryAfter:)``
/// - ``claimNext(_:by:for:)``
/// - ``settle(_:by:claimingNext:for:)``
/// - ``giveBack(_:by:)``
/// - ``recordAttempt(_:)``
/// - ``recordFailure(_:reason:)``
/// - ``settle(_:outcome:)``
/// - ``cancel(_:)``
/// - ``outcome(of:)``
/// - ``pruneOutcomes(settledBefore:)``
public final class PostgresMutationQueueStorage: SharedMutationQueueStorage {
    /// The connection pool the storage queries through; the caller runs it.
    public let client: PostgresClient
    let logger: Logger

    /// Makes storage over a PostgreSQL client. Call ``migrate()`` once before using it.
    /// - Parameters:
    ///   - client: A `PostgresClient` that the caller keeps running (`run()`) while the
    ///     storage is used.
    ///   - logger: Where PostgresNIO logs the storage's queries.
    public init(client: PostgresClient, logger: Logger = Logger(label: "apogee.postgres")) {
        self.client = client
        self.logger = logger
    }

    /// Creates the queue's tables, or brings them up to date; safe to call from every
    /// process at start-up, which migrate one after the other.
    /// - Throws: ``PostgresQueueStorageError``; `newerSchema` when a newer Apogee made the tables.
    public func migrate() async throws(PostgresQueueStorageError) {
        do {
            try await QueueSchema.migrate(client, logger: logger)
        } catch {
            throw PostgresQueueStorageError(error)
        }
    }

    /// Adds a mutation at the end of its queue, unless its key is already queued or settled
    /// (or being settled: the key's enqueue waits for that to end).
    ///
    /// Adding is one statement, atomic on its own, so no transaction is begun around it: one
    /// round trip instead of three.
    public func enqueue(_ mutation: QueuedMutation) async throws(PostgresQueueStorageError) -> EnqueueResult {
        try await withErrors {
            try await client.withConnection { connection in
                try await Self.enqueue(mutation, on: connection, logger: logger)
            }
        }
    }

    /// Every mutation still queued, in every queue, in sequence order.
    public func pendingMutations() async throws(PostgresQueueStorageError) -> [QueuedMutation] {
        try await withErrors {
            try await Self.decodeMutations(client.query("SELECT \(unescaped: Self.columns) FROM apogee_mutations ORDER BY sequence", logger: logger))
        }
    }

    /// How many mutations are still queued, in every queue, counted by PostgreSQL.
    public func pendingCount() async throws(PostgresQueueStorageError) -> Int {
        try await withErrors {
            try await client.query("SELECT count(*) FROM apogee_mutations", logger: logger).decode(Int.self).reduce(0, +)
        }
    }

    /// Counts an attempt as begun. Workers over this storage claim instead
    /// (``claimNext(by:for:)``), which counts the attempt too.
    public func recordAttempt(_ idempotencyKey: String) async throws(PostgresQueueStorageError) -> QueuedMutation? {
        try await withErrors {
            try await Self.decodeMutations(client.query(
                "UPDATE apogee_mutations SET attempts = attempts + 1 WHERE idempotency_key = \(idempotencyKey) RETURNING \(unescaped: Self.columns)",
                logger: logger
            )).first
        }
    }

    /// Notes why the last attempt failed; the mutation stays queued.
    public func recordFailure(_ idempotencyKey: String, reason: String) async throws(PostgresQueueStorageError) {
        try await withErrors {
            try await client.query("UPDATE apogee_mutations SET last_error = \(reason) WHERE idempotency_key = \(idempotencyKey)", logger: logger)
        }
    }

    /// Takes a mutation out of its queue and records its outcome, in one statement, whoever
    /// holds its claim. The first outcome recorded for a key stands: a settlement after another
    /// changes nothing. Workers settle what they claimed with ``settle(_:by:outcome:)`` instead.
    public func settle(_ idempotencyKey: String, outcome: MutationOutcome) async throws(PostgresQueueStorageError) {
        let json = JSONValue.object(outcome.storedJSON).serializedString
        try await withErrors {
            try await client.query(
                """
                WITH removed AS (DELETE FROM apogee_mutations WHERE idempotency_key = \(idempotencyKey))
                INSERT INTO apogee_mutation_outcomes (idempotency_key, outcome) VALUES (\(idempotencyKey), \(json)::jsonb)
                \(unescaped: Self.firstOutcomeStands)
                """,
                logger: logger
            )
        }
    }

    /// Removes a mutation that no attempt has begun for, recording it as cancelled; `false`
    /// when a worker has claimed it or it is not queued.
    public func cancel(_ idempotencyKey: String) async throws(PostgresQueueStorageError) -> Bool {
        let json = JSONValue.object(MutationOutcome.cancelled.storedJSON).serializedString
        return try await withErrors {
            let rows = try await client.query(
                """
                WITH removed AS (
                    DELETE FROM apogee_mutations WHERE idempotency_key = \(idempotencyKey) AND attempts = 0 RETURNING idempotency_key
                ), recorded AS (
                    INSERT INTO apogee_mutation_outcomes (idempotency_key, outcome) SELECT idempotency_key, \(json)::jsonb FROM removed
                    \(unescaped: Self.firstOutcomeStands)
                )
                SELECT idempotency_key FROM removed
                """,
                logger: logger
            )
            return try await Self.returnsRows(rows)
        }
    }

    /// The outcome of a mutation that left the queue, or `nil` when it is queued, unknown or
    /// pruned.
    public func outcome(of idempotencyKey: String) async throws(PostgresQueueStorageError) -> MutationOutcome? {
        try await withErrors {
            try await Self.outcome(of: idempotencyKey, on: client.query(Self.outcomeQuery(of: idempotencyKey), logger: logger))
        }
    }

    /// Forgets the outcomes settled before `date`; returns how many. Outcomes are kept until
    /// then so that an enqueue with a delivered key is not delivered again; the keys still
    /// queued are kept whatever their age.
    @discardableResult
    public func pruneOutcomes(settledBefore date: Date) async throws(PostgresQueueStorageError) -> Int {
        try await withErrors {
            var count = 0
            for try await _ in try await client.query(
                "DELETE FROM apogee_mutation_outcomes WHERE settled_at < \(date) AND outcome IS NOT NULL RETURNING 1",
                logger: logger
            ) {
                count += 1
            }
            return count
        }
    }

    /// Runs `body`, every error as a ``PostgresQueueStorageError``.
    @discardableResult
    func withErrors<Result>(_ body: () async throws -> Result) async throws(PostgresQueueStorageError) -> Result {
        do {
            return try await body()
        } catch {
            throw PostgresQueueStorageError(error)
        }
    }
}
#endif
