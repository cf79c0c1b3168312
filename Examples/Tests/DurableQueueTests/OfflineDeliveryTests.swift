@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeSQLite
import Foundation
import TestSupport
import Testing
import TodoAPI

/// Mutations queued on a SQLite file while the server is down, delivered by the next run.
@Suite("Durable queue: offline", .timeLimit(.minutes(10)))
struct OfflineDeliveryTests {
    @Test("Queued while the server is down, kept in the file, shown again and delivered in order by the next run")
    func deliveredByTheNextRun() async throws {
        let directory = try TemporaryFolder()
        let database = directory.url.appendingPathComponent("offline.sqlite").path
        let down = try ReservedPort()
        let url = try #require(URL(string: "http://127.0.0.1:\(down.port)/todo/graphql"))
        let texts = ["Offline one", "Offline two", "Offline three"]

        // The first run: the server is down.
        do {
            let persistence = try SQLiteStore(path: database)
            let queue = MutationQueue(
                client: ApogeeClient(url: url, store: persistence.makeNormalizedStore()),
                storage: persistence.mutationQueueStorage,
                configuration: .init(retryPolicy: RetryPolicy(initialDelay: .milliseconds(10), maximumDelay: .milliseconds(50)))
            )
            for (index, text) in texts.enumerated() {
                try await queue.enqueue(
                    AddTodoMutation(input: .init(text: text, userId: "me"), connections: []),
                    idempotencyKey: "offline-\(index)",
                    optimisticResponse: ["addTodo": ["todoEdge": ["cursor": "guess", "node": ["id": .string("guess-\(index)"), "text": .string(text), "complete": false]]]]
                )
            }
            while try persistence.mutationQueueStorage.pendingMutations().first?.lastError == nil {
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(try queue.client.store.todoRow("guess-0").text == "Offline one")
            await queue.stop()
            try persistence.close()
        }

        // The next run, on the same file, reaches the server.
        try await ExampleServer.withServer(configuration: .init(port: down.release())) { (server: ExampleServer) async throws in
            let persistence = try SQLiteStore(path: database)
            let queue = MutationQueue(
                client: ApogeeClient(url: server.todoURL, store: persistence.makeNormalizedStore()),
                storage: persistence.mutationQueueStorage,
                restoring: [AddTodoMutation.self]
            )
            #expect(try await queue.pendingMutations().map(\.id) == ["offline-0", "offline-1", "offline-2"])
            #expect(try queue.client.store.todoRow("guess-2").text == "Offline three")
            #expect(await queue.waitUntilEmpty())
            #expect(server.appliedIdempotencyKeys == ["offline-0", "offline-1", "offline-2"])
            #expect(queue.client.store.optimisticLayerIDs.isEmpty)
            #expect(throws: (any Error).self) { try queue.client.store.todoRow("guess-0") }
            let rows = try await queue.client.fetch(query: TodoListQuery(first: 20), cachePolicy: .fetchIgnoringCacheData).data?.rows ?? []
            #expect(rows.suffix(3).map(\.text) == texts)
            try persistence.close()
        }
    }
}

extension NormalizedStore {
    /// One to-do as the store shows it now.
    func todoRow(_ id: String) throws -> TodoRow {
        try read(TodoRow.self, key: CacheKey("Todo:" + id)).result.get()
    }
}

extension TodoListQuery.Data {
    /// The rows of the list, in order.
    var rows: [TodoRow] {
        user?.todos?.edges?.compactMap { $0?.node?.fragments.todoRow } ?? []
    }
}
