@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
import Foundation
import Observation
import TestSupport
import Testing
import TodoAPI

/// The guide's convenience API: a `commit` for one operation, which hides the input's shape
/// and the optimistic response from the view.
extension Mutator where Operation == ChangeTodoStatusMutation {
    func commit(id: String, complete: Bool) {
        commit(
            .init(input: .init(complete: complete, id: id, userId: "me")),
            optimisticResponse: [
                "changeTodoStatus": [
                    "todo": ["id": .string(id), "complete": .bool(complete)],
                ],
            ]
        )
    }
}

/// Waits until `condition` holds, woken by Observation each time what it reads changes.
@MainActor
func waitForObservedChange(until condition: @escaping @MainActor () -> Bool) async {
    while !condition() {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            withObservationTracking {
                _ = condition()
            } onChange: {
                continuation.resume()
            }
        }
    }
}

/// Runs `body` on the main actor with a fresh example server, as a view's code would run.
@MainActor
func withMainActorServer(_ body: @MainActor (ExampleServer) async throws -> Void) async throws {
    let server = try await ExampleServer.start()
    do {
        try await body(server)
    } catch {
        await server.shutdown()
        throw error
    }
    await server.shutdown()
}

/// The observable mutation state: commit, isInFlight, the last result or error.
@Suite("Mutator", .timeLimit(.minutes(10)))
@MainActor
struct MutatorTests {
    @Test("the guide's convenience commit compiles and works: the toggle shows at once, then the answer")
    func conveniencePattern() async throws {
        try await withMainActorServer { server in
            let fixture = try await TodoFixture(client: server.todoClient())
            let todo = try fixture.todo(1)
            let changeStatus = Mutator<ChangeTodoStatusMutation>(client: fixture.client)
            #expect(!changeStatus.isInFlight)

            changeStatus.commit(id: todo.id, complete: !todo.complete)
            // Before the server has answered: in flight, and the store already shows the change.
            #expect(changeStatus.isInFlight)
            #expect(try fixture.client.store.todoRow(todo.id).complete == true)

            await waitForObservedChange { !changeStatus.isInFlight }
            #expect(changeStatus.lastError == nil)
            #expect(changeStatus.data?.changeTodoStatus?.todo.complete == true)
            #expect(changeStatus.data?.changeTodoStatus?.user.completedCount == 2)
            #expect(try fixture.client.store.todoRow(todo.id).complete == true)
            #expect(fixture.client.store.optimisticLayerIDs.isEmpty)
        }
    }

    @Test("isInFlight stays true while either of two commits is in flight")
    func twoCommits() async throws {
        try await withMainActorServer { server in
            let gates = Gates()
            let fixture = try await TodoFixture(client: server.todoClient(gates: gates))
            let mutator = Mutator<ChangeTodoStatusMutation>(client: fixture.client)
            let first = try fixture.todo(1)
            let second = try fixture.todo(2)

            let a = mutator.committing(.init(input: .init(complete: true, id: first.id, userId: "me")), context: .gate("A"))
            #expect(mutator.isInFlight)
            #expect(mutator.inFlightCount == 1)
            let b = mutator.committing(.init(input: .init(complete: true, id: second.id, userId: "me")), context: .gate("B"))
            #expect(mutator.inFlightCount == 2)

            await gates.open("A")
            _ = try await a.value
            #expect(mutator.isInFlight)
            #expect(mutator.inFlightCount == 1)
            #expect(mutator.data?.changeTodoStatus?.todo.id == first.id)

            await gates.open("B")
            _ = try await b.value
            #expect(!mutator.isInFlight)
            #expect(mutator.inFlightCount == 0)
            #expect(mutator.data?.changeTodoStatus?.todo.id == second.id)
        }
    }

    @Test("observers hear of isInFlight turning on and off, and of the result")
    func observation() async throws {
        try await withMainActorServer { server in
            let gates = Gates()
            let fixture = try await TodoFixture(client: server.todoClient(gates: gates))
            let mutator = Mutator<ChangeTodoStatusMutation>(client: fixture.client)
            let todo = try fixture.todo(1)
            let changes = Recorder<String>()

            withObservationTracking { _ = mutator.isInFlight } onChange: { changes.append("isInFlight") }
            let first = mutator.committing(.init(input: .init(complete: true, id: todo.id, userId: "me")), context: .gate("first"))
            #expect(changes.values == ["isInFlight"])

            // A second commit while one is in flight does not change isInFlight.
            withObservationTracking { _ = mutator.isInFlight } onChange: { changes.append("isInFlight again") }
            let second = mutator.committing(.init(input: .init(complete: false, id: todo.id, userId: "me")), context: .gate("second"))
            #expect(changes.values == ["isInFlight"])

            withObservationTracking { _ = mutator.lastResult } onChange: { changes.append("lastResult") }
            await gates.open("first")
            _ = try await first.value
            #expect(changes.values == ["isInFlight", "lastResult"])

            await gates.open("second")
            _ = try await second.value
            #expect(changes.values == ["isInFlight", "lastResult", "isInFlight again"])
            #expect(!mutator.isInFlight)
        }
    }

    @Test("a refused toggle rolls back; the completion gets the data and the errors together")
    func refusedToggle() async throws {
        try await withMainActorServer { server in
            let fixture = try await TodoFixture(client: server.todoClient())
            let locked = try fixture.todo(3)
            let mutator = Mutator<ChangeTodoStatusMutation>(client: fixture.client)
            let task = mutator.committing(
                .init(input: .init(complete: true, id: locked.id, userId: "me")),
                optimisticResponse: ["changeTodoStatus": ["todo": ["id": .string(locked.id), "complete": true]]]
            )
            #expect(try fixture.client.store.todoRow(locked.id).complete == true)
            let outcome = switch await task.result {
            case .success(let graphQLResult): "data: \(graphQLResult.data != nil), errors: \(graphQLResult.errors?.map(\.code) ?? [])"
            case .failure(let error): "failure: \(error)"
            }
            #expect(outcome == #"data: true, errors: [Optional("FORBIDDEN")]"#)
            #expect(mutator.errors?.first?.code == "FORBIDDEN")
            #expect(try fixture.client.store.todoRow(locked.id).complete == false)
        }
    }

    @Test("cancelling a commit rolls it back and leaves the error")
    func cancelledCommit() async throws {
        try await withMainActorServer { server in
            let gates = Gates()
            let fixture = try await TodoFixture(client: server.todoClient(gates: gates))
            let todo = try fixture.todo(2)
            let mutator = Mutator<ChangeTodoStatusMutation>(client: fixture.client)
            let task = mutator.committing(
                .init(input: .init(complete: true, id: todo.id, userId: "me")),
                optimisticResponse: ["changeTodoStatus": ["todo": ["id": .string(todo.id), "complete": true]]],
                context: .gate("never")
            )
            await gates.waitForArrival("never")
            task.cancel()
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(mutator.lastError is CancellationError)
            #expect(!mutator.isInFlight)
            #expect(try fixture.client.store.todoRow(todo.id).complete == false)
        }
    }
}
