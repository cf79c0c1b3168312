@testable import Apogee
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing
import TodoAPI

/// `perform(mutation:optimisticResponse:optimisticUpdater:updater:)` against the Todo example
/// server: the guess shows at once, the answer replaces it, and every failure rolls it back.
@Suite("Optimistic mutations", .timeLimit(.minutes(10)))
struct OptimisticMutationTests {
    static func rename(_ id: String, to text: String) -> RenameTodoMutation {
        RenameTodoMutation(input: .init(id: id, text: text))
    }

    static func renameGuess(_ id: String, _ text: String) -> OptimisticResponse<RenameTodoMutation.Data> {
        .data(.init(renameTodo: .init(todo: .init(id: id, text: text))))
    }

    @Test("the guess shows before the server answers; the answer replaces it in one notification")
    func guessThenAnswer() async throws {
        try await withServer { server in
            let gates = Gates()
            let fixture = try await TodoFixture(client: server.todoClient(gates: gates))
            let store = fixture.client.store
            let todo = try fixture.todo(1)
            var rows = store.watch(TodoRow.self, key: CacheKey("Todo:" + todo.id)).makeAsyncIterator()
            #expect(try await rows.nextValue().get().text == "Buy a unicorn")

            let task = Task {
                try await fixture.client.perform(
                    mutation: Self.rename(todo.id, to: "Buy two unicorns"),
                    optimisticResponse: Self.renameGuess(todo.id, "Buy two unicorns?"),
                    context: .gate("rename")
                )
            }
            #expect(try await rows.nextValue().get().text == "Buy two unicorns?")
            // The server has answered, but the client has not seen the answer yet.
            await gates.waitForArrival("rename")
            #expect(try store.todoRow(todo.id).text == "Buy two unicorns?")

            await gates.open("rename")
            let result = try await task.value
            #expect(result.data?.renameTodo?.todo.text == "Buy two unicorns")
            #expect(try await rows.nextValue().get().text == "Buy two unicorns")
            // Nothing came in between (no moment without the guess and without the answer).
            try store.commitUpdate { try $0.record(for: CacheKey("Todo:" + todo.id))?.setValue("Sentinel", forField: "text") }
            #expect(try await rows.nextValue().get().text == "Sentinel")
            #expect(store.optimisticLayerIDs.isEmpty)
        }
    }

    @Test("a GraphQL error rolls the guess back, and the caller gets the data and the errors")
    func graphQLErrorRollsBack() async throws {
        try await withServer { server in
            let gates = Gates()
            let fixture = try await TodoFixture(client: server.todoClient(gates: gates))
            let store = fixture.client.store
            let locked = try fixture.todo(3)
            #expect(locked.text.contains("locked"))
            var rows = store.watch(TodoRow.self, key: CacheKey("Todo:" + locked.id)).makeAsyncIterator()
            #expect(try await rows.nextValue().get().complete == false)

            let task = Task {
                try await fixture.client.perform(
                    mutation: toggle(locked.id, complete: true),
                    optimisticResponse: toggleGuess(locked.id, complete: true),
                    context: .gate("locked")
                )
            }
            #expect(try await rows.nextValue().get().complete == true)
            await gates.open("locked")
            let result = try await task.value
            #expect(try await rows.nextValue().get().complete == false)
            #expect(result.errors?.first?.code == "FORBIDDEN")
            #expect(result.data != nil)
            #expect(result.data?.changeTodoStatus == nil)
            #expect(store.optimisticLayerIDs.isEmpty)
            #expect(try store.todoRow(locked.id).complete == false)
        }
    }

    @Test("partial data with errors reaches the caller with both, and its data reaches the store")
    func partialDataWithErrors() async throws {
        try await withServer { server in
            let fixture = try await TodoFixture(client: server.todoClient())
            let todo = try fixture.todo(2)
            server.enqueueFault(.rawBody("""
                {"data":{"renameTodo":{"__typename":"RenameTodoPayload","todo":{"__typename":"Todo","id":"\(todo.id)","text":"Renamed, but"}}},\
                "errors":[{"message":"The audit log is down.","path":["renameTodo","clientMutationId"]}]}
                """))
            let updated = Recorder<String>()
            let result = try await fixture.client.perform(
                mutation: Self.rename(todo.id, to: "Renamed, but"),
                optimisticResponse: Self.renameGuess(todo.id, "Guess"),
                updater: { _, data in updated.append(data?.renameTodo?.todo.text ?? "no data") }
            )
            #expect(result.data?.renameTodo?.todo.text == "Renamed, but")
            #expect(result.errors?.map(\.message) == ["The audit log is down."])
            #expect(updated.values == ["Renamed, but"])
            #expect(try fixture.client.store.todoRow(todo.id).text == "Renamed, but")
            #expect(fixture.client.store.optimisticLayerIDs.isEmpty)
        }
    }

    @Test("a transport error rolls the guess back and is thrown")
    func transportErrorRollsBack() async throws {
        try await withServer { server in
            let fixture = try await TodoFixture(client: server.todoClient())
            let todo = try fixture.todo(1)
            // Same store, but nothing listens on port 1 of loopback.
            let unreachable = try #require(URL(string: "http://127.0.0.1:1/todo/graphql"))
            let client = ApogeeClient(url: unreachable, store: fixture.client.store, interceptorProvider: DefaultInterceptorProvider(retry: nil))
            var rows = client.store.watch(TodoRow.self, key: CacheKey("Todo:" + todo.id)).makeAsyncIterator()
            #expect(try await rows.nextValue().get().complete == false)
            await #expect(throws: ApogeeError.self) {
                try await client.perform(mutation: toggle(todo.id, complete: true), optimisticResponse: toggleGuess(todo.id, complete: true))
            }
            #expect(try client.store.todoRow(todo.id).complete == false)
            #expect(client.store.optimisticLayerIDs.isEmpty)
            // Watchers saw the guess, then the rollback.
            #expect(try await rows.nextValue().get().complete == true)
            #expect(try await rows.nextValue().get().complete == false)
        }
    }

    @Test("an HTTP error rolls the guess back and is thrown")
    func httpErrorRollsBack() async throws {
        try await withServer { server in
            let fixture = try await TodoFixture(client: server.todoClient())
            let todo = try fixture.todo(1)
            server.enqueueFault(.htmlErrorPage(status: 502))
            await #expect(throws: ApogeeError.self) {
                try await fixture.client.perform(mutation: toggle(todo.id, complete: true), optimisticResponse: toggleGuess(todo.id, complete: true))
            }
            #expect(try fixture.client.store.todoRow(todo.id).complete == false)
            #expect(fixture.client.store.optimisticLayerIDs.isEmpty)
        }
    }

    @Test("cancelling the task cancels the request and rolls the guess back")
    func cancellationRollsBack() async throws {
        try await withServer { server in
            let fixture = try await TodoFixture(client: server.todoClient())
            let store = fixture.client.store
            let todo = try fixture.todo(1)
            // The server sits on the mutation until the test has cancelled it.
            server.holdMutations()
            let requestsBefore = server.requestCount
            let task = Task {
                try await fixture.client.perform(mutation: toggle(todo.id, complete: true), optimisticResponse: toggleGuess(todo.id, complete: true))
            }
            try await server.waitForRequests(requestsBefore + 1)
            #expect(try store.todoRow(todo.id).complete == true)
            task.cancel()
            let outcome = await task.result
            #expect(throws: (any Error).self) { try outcome.get() }
            #expect(try store.todoRow(todo.id).complete == false)
            #expect(store.optimisticLayerIDs.isEmpty)
            server.releaseMutations()
        }
    }

    @Test("A and B in flight: A settles first, B's guess stays until B's answer")
    func rebase() async throws {
        try await withServer { server in
            let gates = Gates()
            let fixture = try await TodoFixture(client: server.todoClient(gates: gates))
            let store = fixture.client.store
            let todo = try fixture.todo(1)
            let a = Task {
                try await fixture.client.perform(
                    mutation: toggle(todo.id, complete: true),
                    optimisticResponse: toggleGuess(todo.id, complete: true),
                    context: .gate("A")
                )
            }
            await gates.waitForArrival("A")
            let b = Task {
                try await fixture.client.perform(
                    mutation: Self.rename(todo.id, to: "Buy a unicorn today"),
                    optimisticResponse: Self.renameGuess(todo.id, "Buy a unicorn today?"),
                    context: .gate("B")
                )
            }
            await gates.waitForArrival("B")
            #expect(try store.todoRow(todo.id) == TodoRow(id: todo.id, text: "Buy a unicorn today?", complete: true))
            #expect(store.optimisticLayerIDs.count == 2)

            await gates.open("A")
            _ = try await a.value
            // A's answer is in the base; B's guess is still shown on top of it.
            #expect(try store.todoRow(todo.id) == TodoRow(id: todo.id, text: "Buy a unicorn today?", complete: true))
            #expect(store.optimisticLayerIDs.count == 1)

            await gates.open("B")
            _ = try await b.value
            #expect(try store.todoRow(todo.id) == TodoRow(id: todo.id, text: "Buy a unicorn today", complete: true))
            #expect(store.optimisticLayerIDs.isEmpty)
        }
    }

    @Test("the optimistic response, then the optimistic updater; the answer, then the updater")
    func ordering() async throws {
        try await withServer { server in
            let fixture = try await TodoFixture(client: server.todoClient())
            let todo = try fixture.todo(1)
            let events = Recorder<String>()
            let key = CacheKey("Todo:" + todo.id)
            _ = try await fixture.client.perform(
                mutation: Self.rename(todo.id, to: "Real"),
                optimisticResponse: Self.renameGuess(todo.id, "Guess"),
                optimisticUpdater: { store, data in
                    let text = try store.record(for: key)?.value(forField: "text", as: String.self)
                    events.append("optimistic updater: store \(text ?? "-"), data \(data?.renameTodo?.todo.text ?? "-")")
                },
                updater: { store, data in
                    let text = try store.record(for: key)?.value(forField: "text", as: String.self)
                    events.append("updater: store \(text ?? "-"), data \(data?.renameTodo?.todo.text ?? "-")")
                    try store.record(for: key)?.setValue(true, forField: "complete")
                }
            )
            #expect(events.values == ["optimistic updater: store Guess, data Guess", "updater: store Real, data Real"])
            #expect(try fixture.client.store.todoRow(todo.id) == TodoRow(id: todo.id, text: "Real", complete: true))
        }
    }

    @Test("an updater that throws does not fail the mutation: the answer is written and the error reported")
    func failingUpdater() async throws {
        struct Refused: Error {}
        try await withServer { server in
            let fixture = try await TodoFixture(client: server.todoClient())
            let todo = try fixture.todo(1)
            let result = try await fixture.client.perform(
                mutation: Self.rename(todo.id, to: "Real"),
                optimisticResponse: Self.renameGuess(todo.id, "Guess"),
                updater: { _, _ in throw Refused() }
            )
            #expect(result.data?.renameTodo?.todo.text == "Real")
            #expect(result.cacheWriteError is Refused)
            #expect(try fixture.client.store.todoRow(todo.id).text == "Real")
            #expect(fixture.client.store.optimisticLayerIDs.isEmpty)
        }
    }

    @Test("an optimistic response that does not fit is a typed error, and nothing is sent")
    func invalidOptimisticResponse() async throws {
        try await withServer { server in
            let fixture = try await TodoFixture(client: server.todoClient())
            let requests = server.requestCount
            await #expect(throws: OptimisticMutationError.self) {
                try await fixture.client.perform(mutation: Self.rename("1", to: "x"), optimisticResponse: ["renameTodo": ["todo": 42]])
            }
            #expect(server.requestCount == requests)
            #expect(fixture.client.store.optimisticLayerIDs.isEmpty)
        }
    }
}
