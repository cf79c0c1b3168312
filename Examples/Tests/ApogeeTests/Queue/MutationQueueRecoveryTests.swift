@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing
import TodoAPI
import UploadFixtures

/// A durable queue when things go wrong: the server is down, the process restarts, the
/// caller changes its mind.
@Suite("Mutation queue: recovery", .timeLimit(.minutes(10)))
struct MutationQueueRecoveryTests {
    @Test("While the server is down mutations stay queued with backoff; they are delivered in order once it is back")
    func deliveredWhenServerComesBack() async throws {
        // Nothing listens on the port: every attempt fails to connect.
        let down = try ReservedPort()
        let url = try #require(URL(string: "http://127.0.0.1:\(down.port)/todo/graphql"))
        let sleeper = BriefSleeper()
        let queue = MutationQueue(
            client: ApogeeClient(url: url, interceptorProvider: DefaultInterceptorProvider(retry: nil)),
            storage: InMemoryMutationQueueStorage(),
            configuration: .init(retryPolicy: RetryPolicy(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(80), jitter: 0), sleeper: sleeper)
        )
        let handles = try await (1...3).asyncMap { number in
            try await queue.enqueue(AddTodoMutation(input: .init(text: "Offline \(number)", userId: "me"), connections: []), idempotencyKey: "offline-\(number)")
        }
        while sleeper.recorder.requestedDelays.count < 4 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(Array(sleeper.recorder.requestedDelays.prefix(4)) == [.milliseconds(20), .milliseconds(40), .milliseconds(80), .milliseconds(80)])
        let waiting = try await queue.pendingMutations()
        #expect(waiting.map(\.id) == ["offline-1", "offline-2", "offline-3"])
        #expect(waiting[0].attempts >= 4 && waiting[0].lastError != nil)
        // Only the head is tried: the others wait their turn.
        #expect(waiting[1].attempts == 0)

        try await ExampleServer.withServer(configuration: .init(port: down.release())) { (server: ExampleServer) async throws in
            for handle in handles { #expect(try await handle.result().errors == nil) }
            #expect(server.appliedIdempotencyKeys == ["offline-1", "offline-2", "offline-3"])
        }
    }

    @Test("After a restart a waiting mutation shows its guess again until it is delivered")
    func guessRestoredAfterRestart() async throws {
        let storage = InMemoryMutationQueueStorage()
        let down = try ReservedPort()
        try await withServer { server in
            let offline = MutationQueue(
                client: ApogeeClient(url: try #require(URL(string: "http://127.0.0.1:\(down.port)/todo/graphql"))),
                storage: storage,
                configuration: .init(sleeper: BriefSleeper())
            )
            let todo = try await TodoFixture(client: server.todoClient()).todo(1)
            try await offline.enqueue(toggle(todo.id, complete: true), idempotencyKey: "survivor", optimisticResponse: toggleGuess(todo.id, complete: true))
            while storage.pendingMutations().first?.lastError == nil { try await Task.sleep(for: .milliseconds(5)) }
            // The process dies while the server cannot be reached.
            await offline.stop()

            let gates = Gates()
            let restarted = server.todoQueue(storage: storage, gates: gates)
            _ = try await TodoFixture(client: restarted.client)
            #expect(try !restarted.client.store.todoRow(todo.id).complete)
            try await restarted.start()
            #expect(try restarted.client.store.todoRow(todo.id).complete)
            #expect(restarted.client.store.optimisticLayerIDs.count == 1)

            await gates.open("survivor")
            guard case .delivered(let response) = try await restarted.outcome(of: "survivor") else {
                Issue.record("the restored mutation should be delivered")
                return
            }
            #expect(response["errors"] == nil)
            #expect(restarted.client.store.optimisticLayerIDs.isEmpty)
            #expect(try restarted.client.store.todoRow(todo.id).complete)
            #expect(server.appliedIdempotencyKeys == ["survivor"])
        }
    }

    @Test("A mutation the server applied before the process died is sent again with its key and applied once")
    func resentAfterRestartAppliedOnce() async throws {
        try await withServer { server in
            let storage = InMemoryMutationQueueStorage()
            let gates = Gates()
            let first = server.todoQueue(storage: storage, gates: gates)
            try await first.enqueue(AddTodoMutation(input: .init(text: "Applied once", userId: "me"), connections: []), idempotencyKey: "resent")
            await gates.waitForArrival("resent")
            // The server has applied it; the process dies before the answer is seen.
            await first.stop()
            #expect(storage.pendingMutations().map(\.id) == ["resent"])

            let restarted = server.todoQueue(storage: storage)
            try await restarted.start()
            #expect(await restarted.waitUntilEmpty())
            guard case .delivered(let response) = try await restarted.outcome(of: "resent") else {
                Issue.record("the restored mutation should be delivered")
                return
            }
            #expect(response["errors"] == nil)
            #expect(server.requestCount(operationName: "AddTodo") == 2)
            #expect(server.appliedIdempotencyKeys == ["resent"])
            let texts = try await restarted.client.fetch(query: TodoListQuery(first: 20)).data?.rows.map(\.text) ?? []
            #expect(texts.filter { $0 == "Applied once" }.count == 1)
        }
    }

    @Test("A queue refuses to start on storage holding a mutation type it was not given, and keeps it")
    func unregisteredTypeIsRefused() async throws {
        try await withServer { server in
            let storage = InMemoryMutationQueueStorage()
            _ = storage.enqueue(QueuedMutation(operationName: "RemoveTodo", document: RemoveTodoMutation.document, variables: [:]))
            let queue = server.todoQueue(storage: storage)
            await #expect(throws: MutationQueueError.self) { try await queue.start() }
            #expect(storage.pendingMutations().count == 1)
            #expect(server.requestCount(operationName: "RemoveTodo") == 0)
        }
    }

    @Test("A mutation not yet sent can be cancelled: its guess rolls back and its caller hears so; a sent one cannot")
    func cancelBeforeSending() async throws {
        try await withServer { server in
            let gates = Gates()
            let queue = server.todoQueue(gates: gates)
            let fixture = try await TodoFixture(client: queue.client)
            let (head, next) = (try fixture.todo(0), try fixture.todo(1))
            let sent = try await queue.enqueue(toggle(head.id, complete: !head.complete), idempotencyKey: "sent")
            let waiting = try await queue.enqueue(toggle(next.id, complete: !next.complete), idempotencyKey: "waiting", optimisticResponse: toggleGuess(next.id, complete: !next.complete))
            await gates.waitForArrival("sent")
            #expect(try queue.client.store.todoRow(next.id).complete == !next.complete)

            #expect(try await sent.cancel() == false)
            #expect(try await waiting.cancel())
            #expect(try queue.client.store.todoRow(next.id).complete == next.complete)
            await #expect(throws: MutationQueueError.self) { try await waiting.result() }
            #expect(try await waiting.outcome() == .cancelled)

            await gates.open("sent")
            #expect(try await sent.result().errors == nil)
            #expect(server.appliedIdempotencyKeys == ["sent"])
            #expect(server.requestCount(operationName: "ChangeTodoStatus") == 1)
        }
    }

    @Test("A mutation with a file upload is refused: files cannot wait in a queue")
    func uploadsAreRefused() async throws {
        try await withServer { (server: ExampleServer) async throws in
            let queue = server.todoQueue()
            let mutation = UploadFileMutation(file: Upload(data: Data("x".utf8), fileName: "x.txt"))
            await #expect(throws: MutationQueueError.self) { try await queue.enqueue(mutation) }
            #expect(try await queue.pendingMutations().isEmpty)
        }
    }
}

extension ClosedRange where Bound == Int {
    /// The elements mapped in order by an async closure.
    func asyncMap<Value>(_ transform: (Int) async throws -> Value) async rethrows -> [Value] {
        var values: [Value] = []
        for element in self { values.append(try await transform(element)) }
        return values
    }
}
