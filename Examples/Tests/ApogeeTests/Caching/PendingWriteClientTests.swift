@testable import Apogee
import ApogeeExampleServer
import TestSupport
import Testing
import TodoAPI

/// `hasPendingWrites` on a watched query, against the Todo example server: true while an
/// optimistic mutation covers a row it shows, false once the server answers or the guess is
/// rolled back, each change delivered even when the data is the same.
@Suite("Pending writes on watched results", .timeLimit(.minutes(10)))
struct PendingWriteClientTests {
    @Test("a toggle is pending until the server confirms it, with the same data then")
    func pendingUntilConfirmed() async throws {
        try await withServer { server in
            let gates = Gates()
            let fixture = try await TodoFixture(client: server.todoClient(gates: gates))
            let todo = try fixture.todo(1)
            var results = fixture.client.watch(query: TodoListQuery(), cachePolicy: .returnCacheDataDontFetch).makeAsyncIterator()
            let initial = try #require(try await results.next())
            #expect(initial.hasPendingWrites == false)

            let task = Task {
                try await fixture.client.perform(
                    mutation: toggle(todo.id, complete: !todo.complete),
                    optimisticResponse: toggleGuess(todo.id, complete: !todo.complete),
                    context: .gate("toggle")
                )
            }
            let pending = try #require(try await results.next())
            #expect(pending.hasPendingWrites)
            #expect(pending.source == .cache)

            await gates.open("toggle")
            _ = try await task.value
            // The server's answer is what the guess said about the row; the counts may move too.
            let confirmed = try #require(try await results.next())
            #expect(confirmed.hasPendingWrites == false)
            let row = confirmed.data?.user?.todos?.edges?.compactMap { $0?.node?.fragments.todoRow }.first { $0.id == todo.id }
            #expect(row?.complete == !todo.complete)
        }
    }

    @Test("a rolled-back guess ends the pending state")
    func pendingEndsOnRollback() async throws {
        try await withServer { server in
            let gates = Gates()
            let fixture = try await TodoFixture(client: server.todoClient(gates: gates))
            let locked = try fixture.todo(3)
            var results = fixture.client.watch(query: TodoListQuery(), cachePolicy: .returnCacheDataDontFetch).makeAsyncIterator()
            #expect(try #require(try await results.next()).hasPendingWrites == false)

            let task = Task {
                try await fixture.client.perform(
                    mutation: toggle(locked.id, complete: true),
                    optimisticResponse: toggleGuess(locked.id, complete: true),
                    context: .gate("locked")
                )
            }
            #expect(try #require(try await results.next()).hasPendingWrites)
            await gates.open("locked")
            let result = try await task.value
            #expect(result.errors?.first?.code == "FORBIDDEN")
            let rolledBack = try #require(try await results.next())
            #expect(rolledBack.hasPendingWrites == false)
        }
    }

    @Test("a queued mutation is pending while it waits in the durable queue, and not once it is delivered")
    func pendingWhileQueued() async throws {
        try await withServer { server in
            let gates = Gates()
            let queue = server.todoQueue(gates: gates)
            let fixture = try await TodoFixture(client: queue.client)
            let todo = try fixture.todo(1)
            var results = queue.client.watch(query: TodoListQuery(), cachePolicy: .returnCacheDataDontFetch).makeAsyncIterator()
            #expect(try #require(try await results.next()).hasPendingWrites == false)

            let handle = try await queue.enqueue(
                toggle(todo.id, complete: true), idempotencyKey: "pending-1", optimisticResponse: toggleGuess(todo.id, complete: true))
            let queued = try #require(try await results.next())
            #expect(queued.hasPendingWrites)

            await gates.open("pending-1")
            _ = try await handle.result()
            let delivered = try #require(try await results.next())
            #expect(delivered.hasPendingWrites == false)
        }
    }
}
