// The outbox needs PostgresNIO, which a package resolves only with the `PostgreSQL` trait on.
#if PostgreSQL
import ApogeeAPI
import ApogeeStore
import Foundation
import PostgresNIO

extension PostgresMutationQueueStorage {
    /// The columns a mutation is read from, JSON as text for the project's own parser.
    static let columns = columns(of: "apogee_mutations")

    /// ``columns`` of a table named `table` in the query.
    static func columns(of table: String) -> String {
        [
            "sequence", "idempotency_key", "queue", "operation_name", "document", "variables::text",
            "optimistic_response::text", "optimistic_changes::text", "enqueued_at", "attempts", "last_error",
        ].map { "\(table).\($0)" }.joined(separator: ", ")
    }

    /// The rows of a query of ``columns``, as queued mutations; a row that cannot be read is
    /// an error that names it, never a crash.
    static func decodeMutations(_ rows: PostgresRowSequence) async throws -> [QueuedMutation] {
        var mutations: [QueuedMutation] = []
        for try await row in rows {
            mutations.append(try decode(row))
        }
        return mutations
    }

    private static func decode(_ row: PostgresRow) throws(PostgresQueueStorageError) -> QueuedMutation {
        let columns: Columns
        do {
            columns = try row.decode(Columns.self)
        } catch {
            throw PostgresQueueStorageError(.undecodableRow, detail: "a queued mutation's column is missing or of the wrong type: \(error)")
        }
        return try mutation(from: columns)
    }

    /// The claim whose ``columns`` start at `first` in a row; `nil` when they are `NULL` (a
    /// left join that found no claim).
    static func claim(in cells: PostgresRandomAccessRow, from first: Int) throws(PostgresQueueStorageError) -> QueuedMutation? {
        let claim: Columns?
        do {
            claim = try columns(in: cells, from: first)
        } catch {
            throw PostgresQueueStorageError(.undecodableRow, detail: "a claim's column is missing or of the wrong type: \(error)")
        }
        return try claim.map(mutation(from:))
    }

    /// The keys a batch's settlement settled, in the row's first column.
    static func settledKeys(in cells: PostgresRandomAccessRow) throws(PostgresQueueStorageError) -> [String] {
        do {
            return try cells[0].decode([String].self)
        } catch {
            throw PostgresQueueStorageError(.undecodableRow, detail: "a settlement's keys are missing or of the wrong type: \(error)")
        }
    }

    /// ``columns`` read from `cells` starting at `first`; `nil` when they are `NULL` (a left
    /// join that found no claim).
    private static func columns(in cells: PostgresRandomAccessRow, from first: Int) throws -> Columns? {
        guard cells[first].bytes != nil else { return nil }
        return try (
            cells[first].decode(Int64.self), cells[first + 1].decode(String.self), cells[first + 2].decode(String.self),
            cells[first + 3].decode(String.self), cells[first + 4].decode(String.self), cells[first + 5].decode(String.self),
            cells[first + 6].decode(String?.self), cells[first + 7].decode(String?.self), cells[first + 8].decode(Date.self),
            cells[first + 9].decode(Int.self), cells[first + 10].decode(String?.self)
        )
    }

    /// The values of ``columns``, in order.
    private typealias Columns = (Int64, String, String, String, String, String, String?, String?, Date, Int, String?)

    private static func mutation(from columns: Columns) throws(PostgresQueueStorageError) -> QueuedMutation {
        let (sequence, key, queue, operationName, document, variablesText, responseText, changesText, enqueuedAt, attempts, lastError) = columns
        func invalid(_ what: String) -> PostgresQueueStorageError {
            PostgresQueueStorageError(.undecodableRow, detail: "queued mutation \(key): \(what)")
        }
        let json: (variables: JSONObject, optimisticResponse: JSONObject?, optimisticChanges: RecordChangeSet?)
        do {
            json = try QueuedMutation.decodeStoredJSON(variables: variablesText, optimisticResponse: responseText, optimisticChanges: changesText)
        } catch {
            throw invalid(error.reason)
        }
        return QueuedMutation(
            idempotencyKey: key,
            queue: queue,
            sequence: sequence,
            operationName: operationName,
            document: document,
            variables: json.variables,
            optimisticResponse: json.optimisticResponse,
            optimisticChanges: json.optimisticChanges,
            enqueuedAt: enqueuedAt,
            attempts: attempts,
            lastError: lastError
        )
    }

    /// The query of a key's outcome, for ``outcome(of:on:)``: none while the key is queued.
    static func outcomeQuery(of idempotencyKey: String) -> PostgresQuery {
        "SELECT outcome::text FROM apogee_mutation_outcomes WHERE idempotency_key = \(idempotencyKey) AND outcome IS NOT NULL"
    }

    /// How an outcome is written into the ledger: the first outcome of a key stands, so a
    /// settlement after another, or after a cancellation, changes nothing.
    static let firstOutcomeStands = """
        ON CONFLICT (idempotency_key) DO UPDATE SET outcome = excluded.outcome, settled_at = now()
        WHERE apogee_mutation_outcomes.outcome IS NULL
        """

    /// Whether a statement returned any row: whether it changed what it was meant to.
    static func returnsRows(_ rows: PostgresRowSequence) async throws -> Bool {
        for try await _ in rows { return true }
        return false
    }

    /// The outcome in the first row of `rows` (one `outcome::text` column), if any.
    static func outcome(of idempotencyKey: String, on rows: PostgresRowSequence) async throws -> MutationOutcome? {
        for try await text in rows.decode(String.self) {
            guard case .object(let json)? = try? JSONValue(parsing: text), let outcome = MutationOutcome(storedJSON: json) else {
                throw PostgresQueueStorageError(.undecodableRow, detail: "the outcome of mutation \(idempotencyKey) is not a stored outcome")
            }
            return outcome
        }
        return nil
    }
}
#endif
