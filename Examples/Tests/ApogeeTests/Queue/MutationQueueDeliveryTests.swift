@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing
import TodoAPI

/// A durable queue delivering to the example server: the idempotency key, the optimistic
/// layer while in flight, order, and what the caller gets back.
@Suite("Mutation queue: delivery", .timeLimit(.minutes(10)))
struct MutationQueueDeliveryTests {
    @Test("A queued mutation shows its guess until the answer, carries its Idempotency-Key, and is applied once", arguments: HTTPStack.all)
    func deliversWithGuessAndKey(stack: HTTPStack) async throws {
        try await withServer { server in
            let gates = Gates()
            let queue = server.todoQueue(stack, gates: gates)
            let fixture = try await TodoFixture(client: queue.client)
            let todo = try fixture.todo(1)
            #expect(!todo.complete)

            let handle = try await queue.enqueue(toggle(todo.id, complete: true), idempotencyKey: "toggle-1", optimisticResponse: toggleGuess(todo.id, complete: true))
            #expect(try queue.client.store.todoRow(todo.id).complete)
            await gates.waitForArrival("toggle-1")
            #expect(try await queue.pendingMutations().map(\.id) == ["toggle-1"])
            #expect(try await queue.pendingMutations().first?.attempts == 1)
            #expect(queue.client.store.optimisticLayerIDs.count == 1)

            await gates.open("toggle-1")
            let result = try await handle.result()
            #expect(result.errors == nil)
            #expect(result.data?.changeTodoStatus?.todo.complete == true)
            #expect(try queue.client.store.todoRow(todo.id).complete)
            #expect(queue.client.store.optimisticLayerIDs.isEmpty)
            #expect(try await queue.pendingMutations().isEmpty)
            #expect(server.appliedIdempotencyKeys == ["toggle-1"])
            let sent = server.recordedRequests.filter { $0.operationName == "ChangeTodoStatus" }
            #expect(sent.map { $0.header("Idempotency-Key") } == ["toggle-1"])
        }
    }

    @Test("A delivered mutation settles through the one write path: the answer is written, the guess goes, and an updater that throws is reported, not thrown", arguments: HTTPStack.all)
    func settlesThroughTheWritePath(stack: HTTPStack) async throws {
        struct Refused: Error {}
        try await withServer { server in
            let queue = server.todoQueue(stack)
            let fixture = try await TodoFixture(client: queue.client)
            let todo = try fixture.todo(1)
            let updaterSaw = Recorder<Bool>()
            let handle = try await queue.enqueue(
                toggle(todo.id, complete: true),
                idempotencyKey: "settle-1",
                optimisticResponse: toggleGuess(todo.id, complete: true),
                updater: { proxy, data in
                    // The updater gets the answer and changes a record, then refuses: its change goes.
                    updaterSaw.append(data?.changeTodoStatus?.todo.complete == true)
                    try proxy.record(for: CacheKey("Todo:\(todo.id)"))?.setValue("Half done", forField: "text")
                    throw Refused()
                }
            )
            let result = try await handle.result()
            #expect(result.cacheWriteError is Refused)
            #expect(updaterSaw.values == [true])
            #expect(result.data?.changeTodoStatus?.todo.complete == true)
            #expect(try queue.client.store.todoRow(todo.id).complete)
            #expect(try queue.client.store.todoRow(todo.id).text != "Half done")
            #expect(queue.client.store.optimisticLayerIDs.isEmpty)
            #expect(try await queue.pendingMutations().isEmpty)
        }
    }

    @Test("Mutations of one queue go one at a time, in the order queued", arguments: HTTPStack.all)
    func deliversInOrder(stack: HTTPStack) async throws {
        try await withServer { server in
            let queue = server.todoQueue(stack)
            var handles: [QueuedMutationHandle<AddTodoMutation>] = []
            for number in 1...5 {
                handles.append(try await queue.enqueue(
                    AddTodoMutation(input: .init(text: "Queued \(number)", userId: "me"), connections: []),
                    idempotencyKey: "add-\(number)"
                ))
            }
            for handle in handles { #expect(try await handle.result().errors == nil) }
            #expect(server.appliedIdempotencyKeys == (1...5).map { "add-\($0)" })
            let texts = try await queue.client.fetch(query: TodoListQuery(first: 20), cachePolicy: .fetchIgnoringCacheData).data?.rows.map(\.text)
            #expect(texts?.suffix(5) == (1...5).map { "Queued \($0)" })
        }
    }

    @Test("Queueing the same idempotency key again follows the first mutation and applies nothing more", arguments: HTTPStack.all)
    func sameKeyQueuedOnce(stack: HTTPStack) async throws {
        try await withServer { server in
            let gates = Gates()
            let queue = server.todoQueue(stack, gates: gates)
            let add = AddTodoMutation(input: .init(text: "Only once", userId: "me"), connections: [])
            let first = try await queue.enqueue(add, idempotencyKey: "once")
            let second = try await queue.enqueue(add, idempotencyKey: "once")
            #expect(try await queue.pendingMutations().count == 1)
            await gates.open("once")
            #expect(try await first.result().errors == nil)
            #expect(try await second.result().data?.addTodo?.todoEdge.node?.fragments.todoRow.text == "Only once")

            let third = try await queue.enqueue(add, idempotencyKey: "once")
            guard case .delivered = try await third.outcome() else {
                Issue.record("a delivered key should give the stored answer")
                return
            }
            #expect(try await queue.pendingMutations().isEmpty)
            #expect(server.appliedIdempotencyKeys == ["once"])
        }
    }

    @Test("A mutation the server rejects leaves the queue, rolls its guess back, and the caller gets the error", arguments: HTTPStack.all)
    func rejectedRollsBack(stack: HTTPStack) async throws {
        try await withServer { server in
            let queue = server.todoQueue(stack)
            let fixture = try await TodoFixture(client: queue.client)
            let locked = try #require(fixture.list.rows.first { $0.text.contains("locked") })
            let handle = try await queue.enqueue(toggle(locked.id, complete: !locked.complete), optimisticResponse: toggleGuess(locked.id, complete: !locked.complete))
            #expect(try queue.client.store.todoRow(locked.id).complete == !locked.complete)

            let result = try await handle.result()
            #expect(result.errors?.isEmpty == false)
            #expect(try queue.client.store.todoRow(locked.id).complete == locked.complete)
            #expect(queue.client.store.optimisticLayerIDs.isEmpty)
            #expect(try await queue.pendingMutations().isEmpty)
            guard case .delivered(let response) = try await queue.outcome(of: handle.id) else {
                Issue.record("a GraphQL answer is a delivery")
                return
            }
            #expect(response["errors"]?.arrayValue?.isEmpty == false)
        }
    }

    @Test("An answer that cannot be read is given up at once, not retried, and the guess rolls back", arguments: HTTPStack.all)
    func unreadableAnswerFails(stack: HTTPStack) async throws {
        try await withServer { server in
            let queue = server.todoQueue(stack)
            let fixture = try await TodoFixture(client: queue.client)
            let todo = try fixture.todo(0)
            server.enqueueFault(.rawBody("{\"data\": "))
            let handle = try await queue.enqueue(toggle(todo.id, complete: !todo.complete), optimisticResponse: toggleGuess(todo.id, complete: !todo.complete))
            await #expect(throws: ApogeeError.self) { try await handle.result() }
            #expect(try queue.client.store.todoRow(todo.id).complete == todo.complete)
            guard case .failed? = try await queue.storage.outcome(of: handle.id) else {
                Issue.record("the outcome should be stored as failed")
                return
            }
        }
    }
}
