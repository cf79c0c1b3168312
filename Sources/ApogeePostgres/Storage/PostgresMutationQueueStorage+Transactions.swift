// The outbox needs PostgresNIO, which a package resolves only with the `PostgreSQL` trait on.
#if PostgreSQL
import ApogeeAPI
import ApogeeStore
import Foundation
import Logging
import PostgresNIO

extension PostgresMutationQueueStorage {
    /// Queues a generated mutation on the app's own connection, inside the transaction the app
    /// has begun there: it commits or rolls back with the app's own changes, and no worker sees
    /// it before the commit.
    ///
    /// ```swift
    /// try await postgres.withTransaction(logger: logger) { connection in
    ///     try await connection.query("UPDATE orders SET state = 'shipped' WHERE id = \(id)", logger: logger)
    ///     try await storage.enqueue(ShipOrderMutation(id: id), queue: "order-\(id)", on: connection)
    /// }
    /// ```
    ///
    /// Until the transaction ends it holds the lock of the queue's row, so that mutations of one
    /// queue are delivered in the order their transactions commit; other enqueues to the same
    /// queue wait for it.
    /// - Parameters:
    ///   - mutation: The mutation.
    ///   - queue: Mutations of one queue are delivered one at a time, in order.
    ///   - idempotencyKey: Sent as `Idempotency-Key` on every attempt by every worker.
    ///   - connection: A connection in a transaction (`withTransaction`).
    @discardableResult
    public func enqueue<Mutation: GraphQLMutation>(
        _ mutation: Mutation,
        queue: String = "default",
        idempotencyKey: String = UUID().uuidString,
        on connection: PostgresConnection
    ) async throws(PostgresQueueStorageError) -> EnqueueResult {
        try await enqueue(QueuedMutation(mutation, queue: queue, idempotencyKey: idempotencyKey), on: connection)
    }

    /// Queues a mutation on the app's own connection, inside its transaction
    /// (see ``enqueue(_:queue:idempotencyKey:on:)``).
    @discardableResult
    public func enqueue(_ mutation: QueuedMutation, on connection: PostgresConnection) async throws(PostgresQueueStorageError) -> EnqueueResult {
        try await withErrors {
            try await Self.enqueue(mutation, on: connection, logger: logger)
        }
    }

    /// Locks the queue's row and adds the mutation unless its key was ever queued, in one
    /// statement; otherwise says what there is.
    ///
    /// The key's row in the ledger (`apogee_mutation_outcomes`, see `QueueSchema`) is what
    /// makes an enqueue happen once: its insert conflicts with every earlier enqueue of the key,
    /// committed or still open, queued, being settled or settled, and the mutation is made only
    /// from the row that insert returns. The mutation's row is made from the queue row's lock
    /// too, so its sequence is taken once that lock is held: enqueues to one queue take their
    /// sequences in the order their transactions commit.
    static func enqueue(_ mutation: QueuedMutation, on connection: PostgresConnection, logger: Logger) async throws -> EnqueueResult {
        let key = mutation.idempotencyKey
        // Read to its end: the connection goes back to the caller's transaction or the pool
        // with no statement left half read.
        var inserted: Int64?
        for try await sequence in try await connection.execute(Enqueue(mutation), logger: logger) {
            inserted = sequence
        }
        if let inserted {
            var enqueued = mutation
            enqueued.sequence = inserted
            return .enqueued(enqueued)
        }
        // The conflict waited for the transaction that holds the key, if it was still open, so
        // these statements' snapshots see what it did.
        let queued = try await decodeMutations(connection.query(
            "SELECT \(unescaped: columns) FROM apogee_mutations WHERE idempotency_key = \(key)",
            logger: logger
        ))
        if let queued = queued.first { return .alreadyQueued(queued) }
        if let outcome = try await outcome(of: key, on: connection.query(outcomeQuery(of: key), logger: logger)) {
            return .alreadySettled(outcome)
        }
        throw PostgresQueueStorageError(.databaseFailure, detail: "mutation \(key) was neither added nor found")
    }
}
extension PostgresMutationQueueStorage {
    /// Adds a mutation at the end of its queue, with its key in the ledger, unless the key is
    /// there already; returns the new sequence, or no row. Prepared once per connection: an app
    /// queues the same statement for every mutation.
    struct Enqueue: PostgresPreparedStatement {
        static let name = "apogee_enqueue"
        static let sql = """
            WITH locked AS (
                INSERT INTO apogee_mutation_queues (name, enqueued) VALUES ($1, 1)
                ON CONFLICT (name) DO UPDATE SET enqueued = apogee_mutation_queues.enqueued + 1
                RETURNING name
            ), ledger AS (
                INSERT INTO apogee_mutation_outcomes (idempotency_key) VALUES ($2)
                ON CONFLICT (idempotency_key) DO NOTHING
                RETURNING idempotency_key
            )
            INSERT INTO apogee_mutations (
                idempotency_key, queue, operation_name, document, variables, optimistic_response, optimistic_changes, enqueued_at
            )
            SELECT ledger.idempotency_key, locked.name, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb, $8
            FROM ledger, locked
            RETURNING sequence
            """
        /// Stated, since the optimistic columns are often `NULL`, which names no type.
        static let bindingDataTypes: [PostgresDataType] = [.text, .text, .text, .text, .text, .text, .text, .timestamptz]

        let mutation: QueuedMutation

        init(_ mutation: QueuedMutation) {
            self.mutation = mutation
        }

        func makeBindings() -> PostgresBindings {
            let (variables, response, changes) = mutation.storedJSONText
            var bindings = PostgresBindings(capacity: 8)
            bindings.append(mutation.queue)
            bindings.append(mutation.idempotencyKey)
            bindings.append(mutation.operationName)
            bindings.append(mutation.document)
            bindings.append(variables)
            bindings.append(response)
            bindings.append(changes)
            bindings.append(mutation.enqueuedAt)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Int64 {
            try row.decode(Int64.self)
        }
    }
}
#endif
