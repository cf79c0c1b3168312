@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeSQLite
@testable import ApogeeTesting
import Foundation
import TestSupport
import Testing
import TodoAPI

/// Updaters are closures, which no file keeps: a queue given them by type applies them to a
/// mutation restored after the process died, as the first process would have.
@Suite("Durable queue: registered updaters after a restart", .timeLimit(.minutes(5)))
struct DurableUpdaterTests {
    static func addTodo(_ text: String) -> AddTodoMutation {
        AddTodoMutation(input: .init(text: text, userId: "me"), connections: [])
    }

    static let guess: OptimisticResponse<AddTodoMutation.Data> = [
        "addTodo": [
            "todoEdge": ["cursor": "pending", "node": ["id": "pending-1", "text": "durable", "complete": false]],
            "user": ["id": "me", "totalCount": 1],
        ],
    ]

    @Test("queued with updaters while the server is down; after a restart the registered optimistic updater shows again as a live layer, and the registered updater runs with the answer")
    func registeredUpdatersRunAfterRestart() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("queue.sqlite")
        let down = try ReservedPort()
        let offlineURL = try #require(URL(string: "http://127.0.0.1:\(down.port)/todo/graphql"))
        let fastRetries = MutationQueue.Configuration(retryPolicy: RetryPolicy(initialDelay: .milliseconds(10), maximumDelay: .milliseconds(50)))

        // The first process: the server cannot be reached, the mutation waits, the process ends.
        do {
            let file = try SQLiteStore(path: path)
            let observer = RecordingQueueObserver()
            var configuration = fastRetries
            configuration.observer = observer
            let queue = MutationQueue(
                client: ApogeeClient(url: offlineURL, store: file.makeNormalizedStore(), interceptorProvider: DefaultInterceptorProvider(retry: nil)),
                storage: file.mutationQueueStorage,
                configuration: configuration
            )
            try await queue.enqueue(
                Self.addTodo("durable"),
                idempotencyKey: "durable-1",
                optimisticResponse: Self.guess,
                optimisticUpdater: { store, _ in try OutboxMarks.mark("pending", "first process", in: store) },
                updater: { store, data in try OutboxMarks.mark("delivered", "first process", in: store) }
            )
            #expect(try OutboxMarks.mark("pending", in: queue.client.store) == "first process")
            // An attempt failed and was noted: the mutation waits in the file.
            await observer.waitForEvent { if case .retryScheduled = $0.kind { true } else { false } }
            #expect(try file.mutationQueueStorage.pendingMutations().first?.lastError != nil)
            await queue.stop()
            try file.close()
        }

        // The next process, with the server back: the same updaters, registered by type.
        try await ExampleServer.withServer(configuration: .init(port: down.release())) { server in
            let file = try SQLiteStore(path: path)
            let url = server.todoURL
            let queue = MutationQueue(
                client: ApogeeClient(url: url, store: file.makeNormalizedStore(), interceptorProvider: DefaultInterceptorProvider(retry: nil)),
                storage: file.mutationQueueStorage,
                configuration: fastRetries
            )
            await queue.register(
                AddTodoMutation.self,
                optimisticUpdater: { store, data in try OutboxMarks.mark("pending", data?.addTodo?.todoEdge.node?.fragments.todoRow.text ?? "no data", in: store) },
                updater: { store, data in try OutboxMarks.mark("delivered", data?.addTodo?.todoEdge.node?.fragments.todoRow.text ?? "no data", in: store) }
            )
            let store = queue.client.store
            // Layers are not saved in the file: nothing shows before the queue restores it.
            #expect(try OutboxMarks.mark("pending", in: store) == nil)
            // The answer waits until the test has looked at the restored layer.
            server.holdMutations()
            try await queue.start()
            // The registered optimistic updater ran over the saved optimistic response.
            #expect(try OutboxMarks.mark("pending", in: store) == "durable")
            #expect(store.optimisticLayerIDs.count == 1)
            server.releaseMutations()

            guard case .delivered = try await queue.outcome(of: "durable-1") else {
                Issue.record("the restored mutation should be delivered")
                return
            }
            #expect(try OutboxMarks.mark("delivered", in: store) == "durable")
            #expect(try OutboxMarks.mark("pending", in: store) == nil)
            #expect(store.optimisticLayerIDs.isEmpty)
            #expect(server.appliedIdempotencyKeys == ["durable-1"])
            try file.close()
        }
    }
}
