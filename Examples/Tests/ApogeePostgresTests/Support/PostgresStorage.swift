@testable import ApogeePostgres
@testable import ApogeeStore
import PostgresNIO
import TestSupport
import Testing

extension TestPostgres {
    /// Runs `body` with queue storage, migrated, over a database of its own.
    static func withStorage<Result: Sendable>(
        _ body: @Sendable (PostgresMutationQueueStorage) async throws -> Result
    ) async throws -> Result {
        try await withDatabase { client, _ in
            let storage = PostgresMutationQueueStorage(client: client)
            try await storage.migrate()
            return try await body(storage)
        }
    }
}

extension EnqueueResult {
    /// The mutation as enqueued, or a recorded issue.
    var enqueued: QueuedMutation? {
        guard case .enqueued(let mutation) = self else {
            Issue.record("expected .enqueued, got \(self)")
            return nil
        }
        return mutation
    }
}
