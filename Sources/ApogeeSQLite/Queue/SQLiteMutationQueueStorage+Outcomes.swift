import ApogeeAPI
import ApogeeStore
import SQLiteNIO

extension SQLiteMutationQueueStorage {
    /// Writes an outcome, replacing an earlier one of the same key. Triggers take the mutation
    /// out of the queue and keep at least the newest thousand outcomes.
    static func record(_ outcome: MutationOutcome, of idempotencyKey: String, in session: DatabaseSession) throws {
        try session.execute(
            """
            INSERT INTO mutation_outcomes (idempotency_key, outcome) VALUES (?, ?) \
            ON CONFLICT (idempotency_key) DO UPDATE SET outcome = excluded.outcome
            """,
            [.text(idempotencyKey), .text(JSONValue.object(outcome.storedJSON).serializedString)]
        )
    }

    /// The stored outcome of a key, if any.
    static func outcome(of idempotencyKey: String, in session: DatabaseSession) throws -> MutationOutcome? {
        guard let row = try session.rows("SELECT outcome FROM mutation_outcomes WHERE idempotency_key = ?", [.text(idempotencyKey)]).first else {
            return nil
        }
        guard let text = row.column("outcome")?.string,
              case .object(let json)? = try? JSONValue(parsing: text),
              let outcome = MutationOutcome(storedJSON: json)
        else {
            throw SQLiteStoreError(.undecodableRow, path: session.path, detail: "the outcome of mutation \(idempotencyKey) is not a stored outcome")
        }
        return outcome
    }
}
