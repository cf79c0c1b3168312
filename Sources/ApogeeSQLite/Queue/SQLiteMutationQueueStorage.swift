import ApogeeAPI
import ApogeeStore
import SQLiteNIO

/// Storage for a durable mutation queue in the ``SQLiteStore`` file: a queued mutation
/// survives the process, and every method is committed before it returns.
///
/// A commit survives the process being killed; with ``SQLiteStore/Configuration/Synchronous/normal``
/// a power loss may undo the last ones. Sequences come from an `AUTOINCREMENT` key, so they keep
/// increasing across restarts. The outcomes of at least the newest thousand mutations are kept
/// (older ones are forgotten a hundred at a time).
///
/// Get it from ``SQLiteStore/mutationQueueStorage``.
///
/// ## Topics
/// ### Queueing
/// - ``enqueue(_:)``
/// - ``pendingMutations()``
/// ### Delivery
/// - ``recordAttempt(_:)``
/// - ``recordFailure(_:reason:)``
/// - ``settle(_:outcome:)``
/// - ``settle(_:outcome:recordingAttemptAt:)``
/// - ``cancel(_:)``
/// - ``outcome(of:)``
public final class SQLiteMutationQueueStorage: MutationQueueStorage {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    /// Adds a mutation at the end of its queue, unless its key is already queued or settled.
    /// - Throws: ``SQLiteStoreError`` when SQLite fails or a stored row cannot be read.
    public func enqueue(_ mutation: QueuedMutation) throws -> EnqueueResult {
        try withSession { session in
            // One statement adds it only when the key is new, so the common case is one round trip.
            let inserted = try session.rows(
                """
                INSERT INTO mutations (\(Self.insertedColumns)) \
                SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ? \
                WHERE NOT EXISTS (SELECT 1 FROM mutation_outcomes WHERE idempotency_key = ?) \
                ON CONFLICT (idempotency_key) DO NOTHING RETURNING sequence
                """,
                try Self.binds(of: mutation) + [.text(mutation.idempotencyKey)]
            )
            if let sequence = inserted.first?.column("sequence")?.integer {
                var enqueued = mutation
                enqueued.sequence = Int64(sequence)
                return .enqueued(enqueued)
            }
            if let queued = try Self.queued(mutation.idempotencyKey, in: session) {
                return .alreadyQueued(queued)
            }
            if let outcome = try Self.outcome(of: mutation.idempotencyKey, in: session) {
                return .alreadySettled(outcome)
            }
            throw SQLiteStoreError(.databaseFailure, path: session.path, detail: "mutation \(mutation.idempotencyKey) was neither added nor found")
        }
    }

    /// Every mutation still queued, in sequence order.
    public func pendingMutations() throws -> [QueuedMutation] {
        try withSession { session in
            try session.rows("SELECT \(Self.columns) FROM mutations ORDER BY sequence").map { try Self.decode($0, path: session.path) }
        }
    }

    /// Counts an attempt as begun, durably, before the request leaves.
    public func recordAttempt(_ idempotencyKey: String) throws -> QueuedMutation? {
        try withSession { session in
            try session.rows(
                "UPDATE mutations SET attempts = attempts + 1 WHERE idempotency_key = ? RETURNING \(Self.columns)",
                [.text(idempotencyKey)]
            ).first.map { try Self.decode($0, path: session.path) }
        }
    }

    /// Notes why the last attempt failed; the mutation stays queued.
    public func recordFailure(_ idempotencyKey: String, reason: String) throws {
        try withSession { session in
            try session.execute("UPDATE mutations SET last_error = ? WHERE idempotency_key = ?", [.text(reason), .text(idempotencyKey)])
        }
    }

    /// Records a mutation's outcome, which takes it out of the queue in the same statement.
    public func settle(_ idempotencyKey: String, outcome: MutationOutcome) throws {
        try withSession { session in
            try Self.record(outcome, of: idempotencyKey, in: session)
        }
    }

    /// Records a mutation's outcome and counts an attempt at the next, in one transaction:
    /// a queue draining its mutations commits once for each.
    public func settle(_ idempotencyKey: String, outcome: MutationOutcome, recordingAttemptAt next: String) throws -> Int? {
        try withSession { session in
            try session.transaction {
                try Self.record(outcome, of: idempotencyKey, in: session)
                return try session.rows(
                    "UPDATE mutations SET attempts = attempts + 1 WHERE idempotency_key = ? RETURNING attempts",
                    [.text(next)]
                ).first?.values.first?.integer
            }
        }
    }

    /// Removes a mutation that no attempt has begun for, recording it as cancelled.
    public func cancel(_ idempotencyKey: String) throws -> Bool {
        try withSession { session in
            try session.transaction {
                let removed = try session.rows(
                    "DELETE FROM mutations WHERE idempotency_key = ? AND attempts = 0 RETURNING sequence",
                    [.text(idempotencyKey)]
                )
                guard !removed.isEmpty else { return false }
                try Self.record(.cancelled, of: idempotencyKey, in: session)
                return true
            }
        }
    }

    /// The outcome of a mutation that left the queue, if it is among the newest thousand.
    public func outcome(of idempotencyKey: String) throws -> MutationOutcome? {
        try withSession { session in
            try Self.outcome(of: idempotencyKey, in: session)
        }
    }

    /// Runs `body` on the connection, every error as a ``SQLiteStoreError``.
    private func withSession<Result>(_ body: (DatabaseSession) throws -> Result) throws -> Result {
        do {
            return try database.withSession(body)
        } catch {
            throw SQLiteStoreError(error, path: database.path)
        }
    }
}
