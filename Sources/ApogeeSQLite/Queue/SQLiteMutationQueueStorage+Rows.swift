import ApogeeAPI
import ApogeeStore
import Foundation
import SQLiteNIO

extension SQLiteMutationQueueStorage {
    /// The columns a mutation is written with; `sequence` is assigned by SQLite.
    static let insertedColumns = "idempotency_key, queue, operation_name, document, variables, optimistic_response, optimistic_changes, enqueued_at, attempts, last_error"
    /// The columns a mutation is read from.
    static let columns = "sequence, " + insertedColumns

    /// The values of ``insertedColumns``: JSON as text, so the file can be read with any SQLite tool.
    static func binds(of mutation: QueuedMutation) throws -> [SQLiteData] {
        let json = mutation.storedJSONText
        return [
            .text(mutation.idempotencyKey),
            .text(mutation.queue),
            .text(mutation.operationName),
            .text(mutation.document),
            .text(json.variables),
            json.optimisticResponse.map(SQLiteData.text) ?? .null,
            json.optimisticChanges.map(SQLiteData.text) ?? .null,
            // Seconds since 2001, as `Date` keeps them, so the value reads back exactly.
            .float(mutation.enqueuedAt.timeIntervalSinceReferenceDate),
            .integer(mutation.attempts),
            mutation.lastError.map(SQLiteData.text) ?? .null,
        ]
    }

    /// A `mutations` row as a queued mutation; a row that cannot be read is an error that
    /// names it, never a crash.
    static func decode(_ row: DatabaseRow, path: String) throws(SQLiteStoreError) -> QueuedMutation {
        let key = row.column("idempotency_key")?.string ?? "?"
        func invalid(_ what: String) -> SQLiteStoreError {
            SQLiteStoreError(.undecodableRow, path: path, detail: "queued mutation \(key): \(what)")
        }
        guard let sequence = row.column("sequence")?.integer,
              let queue = row.column("queue")?.string,
              let operationName = row.column("operation_name")?.string,
              let document = row.column("document")?.string,
              let enqueuedAt = row.column("enqueued_at")?.double,
              let attempts = row.column("attempts")?.integer
        else { throw invalid("a column is missing or of the wrong type") }
        let json: (variables: JSONObject, optimisticResponse: JSONObject?, optimisticChanges: RecordChangeSet?)
        do {
            json = try QueuedMutation.decodeStoredJSON(
                variables: row.column("variables")?.string ?? "",
                optimisticResponse: row.column("optimistic_response")?.string,
                optimisticChanges: row.column("optimistic_changes")?.string
            )
        } catch {
            throw invalid(error.reason)
        }
        return QueuedMutation(
            idempotencyKey: key,
            queue: queue,
            sequence: Int64(sequence),
            operationName: operationName,
            document: document,
            variables: json.variables,
            optimisticResponse: json.optimisticResponse,
            optimisticChanges: json.optimisticChanges,
            enqueuedAt: Date(timeIntervalSinceReferenceDate: enqueuedAt),
            attempts: Int(attempts),
            lastError: row.column("last_error")?.string
        )
    }

    /// The queued mutation with this key, if any.
    static func queued(_ idempotencyKey: String, in session: DatabaseSession) throws -> QueuedMutation? {
        try session.rows("SELECT \(columns) FROM mutations WHERE idempotency_key = ?", [.text(idempotencyKey)])
            .first.map { try decode($0, path: session.path) }
    }
}
