@testable import ApogeeAPI
@testable import ApogeePostgres
@testable import ApogeeStore
import Logging
import PostgresNIO
import TestSupport
import Testing
import TodoAPI

/// The outbox pattern: a mutation queued in the app's own transaction commits or rolls back
/// with the app's own change.
@Suite("PostgreSQL queue storage: enqueue in the app's transaction", .enabled(if: TestPostgres.isConfigured, TestPostgres.notConfigured))
struct TransactionalEnqueueTests {
    static let logger = Logger(label: "apogee.tests.outbox")

    /// The app's own table, changed in the same transactions as the mutations are queued.
    static func makeOrders(_ client: PostgresClient) async throws {
        try await client.query("CREATE TABLE orders (id TEXT PRIMARY KEY, state TEXT NOT NULL)")
    }

    @Test("a committed transaction queues the mutation with the app's change, generated variables and all")
    func committed() async throws {
        try await TestPostgres.withStorage { storage in
            try await Self.makeOrders(storage.client)
            try await storage.client.withTransaction(logger: Self.logger) { connection in
                try await connection.query("INSERT INTO orders VALUES ('7', 'done')", logger: Self.logger)
                try await storage.enqueue(AddTodoMutation(input: .init(text: "ship order 7", userId: "me"), connections: []), queue: "orders", idempotencyKey: "order-7", on: connection)
            }
            let pending = try await storage.pendingMutations()
            #expect(pending.map(\.idempotencyKey) == ["order-7"])
            #expect(pending.first?.operationName == AddTodoMutation.operationName)
            #expect(pending.first?.variables == AddTodoMutation(input: .init(text: "ship order 7", userId: "me"), connections: []).variablesJSON)
            #expect(try await storage.claimNext(by: "worker", for: .seconds(60))?.idempotencyKey == "order-7")
        }
    }

    @Test("a rolled-back transaction queues nothing, and leaves no trace of its queue's key")
    func rolledBack() async throws {
        struct BusinessRuleFailed: Error {}
        try await TestPostgres.withStorage { storage in
            try await Self.makeOrders(storage.client)
            await #expect(throws: (any Error).self) {
                try await storage.client.withTransaction(logger: Self.logger) { connection in
                    try await connection.query("INSERT INTO orders VALUES ('8', 'done')", logger: Self.logger)
                    try await storage.enqueue(AddTodoMutation(input: .init(text: "ship order 8", userId: "me"), connections: []), queue: "orders", idempotencyKey: "order-8", on: connection)
                    throw BusinessRuleFailed()
                }
            }
            #expect(try await storage.pendingMutations().isEmpty)
            #expect(try await storage.claimNext(by: "worker", for: .seconds(60)) == nil)
            #expect(try await storage.outcome(of: "order-8") == nil)
            let orders = try await storage.client.query("SELECT count(*) FROM orders").decode(Int.self).reduce(0, +)
            #expect(orders == 0)
            // The key is free: the same action, committed this time, is queued.
            _ = try await storage.client.withTransaction(logger: Self.logger) { connection in
                try await storage.enqueue(AddTodoMutation(input: .init(text: "ship order 8", userId: "me"), connections: []), queue: "orders", idempotencyKey: "order-8", on: connection)
            }
            #expect(try await storage.pendingMutations().map(\.idempotencyKey) == ["order-8"])
        }
    }

    @Test("a worker does not see a mutation until the transaction that queued it commits")
    func invisibleUntilCommit() async throws {
        try await TestPostgres.withStorage { storage in
            let (enqueued, enqueuedSignal) = AsyncStream.makeStream(of: Void.self)
            let (commit, commitSignal) = AsyncStream.makeStream(of: Void.self)
            async let transaction: Void = storage.client.withTransaction(logger: Self.logger) { connection in
                try await storage.enqueue(AddTodoMutation(input: .init(text: "later", userId: "me"), connections: []), queue: "orders", idempotencyKey: "order-9", on: connection)
                enqueuedSignal.yield()
                // Held open until the test has looked from another connection.
                for await _ in commit { break }
            }
            for await _ in enqueued { break }
            #expect(try await storage.claimNext(by: "worker", for: .seconds(60)) == nil)
            #expect(try await storage.pendingMutations().isEmpty)
            commitSignal.yield()
            try await transaction
            #expect(try await storage.claimNext(by: "worker", for: .seconds(60))?.idempotencyKey == "order-9")
        }
    }
}
