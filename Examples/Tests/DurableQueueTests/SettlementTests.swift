@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeSQLite
import Foundation
import TestSupport
import Testing
import TodoAPI

/// What settling a delivered mutation writes to the file: its outcome, and the count of the
/// next mutation's attempt, in one commit.
@Suite("Durable queue: settling", .timeLimit(.minutes(10)))
struct SettlementTests {
    @Test("Once a mutation's result is back, the file counts the next one's attempt: it can no longer be cancelled, and the one after it still can")
    func settlingCountsTheNextAttempt() async throws {
        try await withServer { server in
            let folder = try TemporaryFolder()
            let persistence = try SQLiteStore(path: folder.url.appendingPathComponent("queue.sqlite").path)
            let storage = persistence.mutationQueueStorage
            // Queued by an earlier run, so that all three wait when the queue starts.
            for key in ["first", "second", "third"] {
                _ = try storage.enqueue(QueuedMutation(
                    idempotencyKey: key,
                    operationName: AddTodoMutation.operationName,
                    document: AddTodoMutation.document,
                    variables: AddTodoMutation(input: .init(text: key, userId: "me"), connections: []).variablesJSON
                ))
            }
            // The server holds what arrives after the first answer, so the second stays in flight.
            let holdAfterFirstAnswer = HoldAfterFirstAnswer(server: server)
            let queue = MutationQueue(
                client: ApogeeClient(url: server.todoURL, interceptorProvider: DefaultInterceptorProvider(retry: nil)),
                storage: storage,
                restoring: [AddTodoMutation.self],
                configuration: .init(observer: holdAfterFirstAnswer)
            )
            try await queue.start()
            #expect(try await queue.outcome(of: "first") != .cancelled)

            let pending = try storage.pendingMutations()
            #expect(pending.map(\.idempotencyKey) == ["second", "third"])
            #expect(pending.map(\.attempts) == [1, 0])
            #expect(try storage.outcome(of: "first") != nil)
            #expect(try await queue.cancel("second") == false)
            #expect(try await queue.cancel("third"))

            server.releaseMutations()
            #expect(await queue.waitUntilEmpty())
            #expect(server.appliedIdempotencyKeys == ["first", "second"])
            #expect(try storage.outcome(of: "third") == .cancelled)
            try persistence.close()
        }
    }
}
