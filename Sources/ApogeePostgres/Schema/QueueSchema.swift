// The outbox needs PostgresNIO, which a package resolves only with the `PostgreSQL` trait on.
#if PostgreSQL
import Logging
import PostgresNIO

/// The queue's tables, built up by numbered migrations, like the SQLite file's.
///
/// The version lives in `apogee_queue_schema`. A new version of Apogee appends migrations and
/// never edits old ones. Migrating takes a transaction-scoped advisory lock, so that processes
/// started together migrate one after the other, and a database whose version is higher than
/// ``version`` comes from a newer Apogee and is refused.
enum QueueSchema {
    /// The key of the advisory lock that migrations take: "APOGEEQ" in ASCII, so that it does
    /// not meet the application's own advisory locks by chance.
    static let migrationLock: Int64 = 0x4150_4F47_4545_51

    /// Every migration, in order; migration `n` takes the database from version `n - 1` to `n`.
    static let migrations: [[String]] = [version1, version2]

    /// The version this code writes and reads.
    static var version: Int { migrations.count }

    private static let version1 = [
        // One row per queue name. Enqueueing updates it, so the enqueueing transaction holds
        // its row lock until it commits or rolls back: enqueues to one queue take their
        // sequences in the order they commit, which is the order workers deliver them in.
        """
        CREATE TABLE apogee_mutation_queues (
            name TEXT PRIMARY KEY,
            enqueued BIGINT NOT NULL DEFAULT 0
        )
        """,
        // A claim is `claimed_by` with `claim_expires_at`: a worker that dies loses the head of
        // its queue when the lease runs out. After a failed attempt `claim_expires_at` is the
        // earliest time of the next one, with no claimant.
        """
        CREATE TABLE apogee_mutations (
            sequence BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            idempotency_key TEXT NOT NULL UNIQUE,
            queue TEXT NOT NULL REFERENCES apogee_mutation_queues (name),
            operation_name TEXT NOT NULL,
            document TEXT NOT NULL,
            variables JSONB NOT NULL,
            optimistic_response JSONB,
            optimistic_changes JSONB,
            enqueued_at TIMESTAMPTZ NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            claimed_by TEXT,
            claim_expires_at TIMESTAMPTZ
        )
        """,
        // Finding a queue's head, and whether anything comes before a mutation in its queue.
        "CREATE INDEX apogee_mutations_by_queue ON apogee_mutations (queue, sequence)",
        """
        CREATE TABLE apogee_mutation_outcomes (
            idempotency_key TEXT PRIMARY KEY,
            outcome JSONB NOT NULL,
            settled_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )
        """,
        // Pruning old outcomes by age.
        "CREATE INDEX apogee_mutation_outcomes_by_time ON apogee_mutation_outcomes (settled_at)",
    ]

    /// The outcome table becomes the ledger of every key ever queued: an enqueue adds the key's
    /// row with no outcome, and settling fills the outcome in. The key stays in that table's
    /// primary key from the commit of its enqueue until its outcome is pruned, so an enqueue of
    /// a key that is queued, being settled or settled conflicts on it whatever its snapshot
    /// saw: a uniqueness check reads the index's newest entries, not the statement's snapshot.
    /// A key that moved from the mutations to the outcomes as it was settled would be in
    /// neither for a statement whose snapshot came before the settlement committed.
    private static let version2 = [
        "ALTER TABLE apogee_mutation_outcomes ALTER COLUMN outcome DROP NOT NULL",
        // The keys queued now; `settled_at` of a row with no outcome is when it was queued.
        """
        INSERT INTO apogee_mutation_outcomes (idempotency_key, settled_at)
        SELECT idempotency_key, enqueued_at FROM apogee_mutations
        ON CONFLICT (idempotency_key) DO NOTHING
        """,
    ]

    /// Brings the database's tables up to this code's version, in one transaction.
    static func migrate(_ client: PostgresClient, logger: Logger) async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS apogee_queue_schema (version INTEGER NOT NULL)", logger: logger)
            var current = 0
            for try await found in try await connection.query("SELECT version FROM apogee_queue_schema", logger: logger).decode(Int.self) {
                current = max(current, found)
            }
            guard current <= version else {
                throw PostgresQueueStorageError(.newerSchema(found: current, supported: version), detail: "apogee_queue_schema.version is \(current)")
            }
            for statements in migrations.dropFirst(current) {
                for statement in statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
            }
            if current < version {
                try await connection.query("DELETE FROM apogee_queue_schema", logger: logger)
                try await connection.query("INSERT INTO apogee_queue_schema (version) VALUES (\(version))", logger: logger)
            }
        }
    }
}
#endif
