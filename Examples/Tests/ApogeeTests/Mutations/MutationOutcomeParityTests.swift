@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing
import TodoAPI

/// A cancelled, a refused and a delivered mutation leave the store the same way whichever
/// entry point sent it: the optimistic layer's life (laid, then replaced by the answer or
/// rolled back) is one, against the Todo example server over HTTP.
@Suite("Mutation outcomes through every entry point", .timeLimit(.minutes(10)))
struct MutationOutcomeParityTests {
    /// A way to send a mutation with an optimistic response.
    enum EntryPoint: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case perform = "client.perform(mutation:optimisticResponse:)"
        case mutator = "Mutator.commit"
        case queue = "MutationQueue enqueue and deliver"

        var testDescription: String { rawValue }
    }

    /// How the mutation ends.
    enum Outcome: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Cancelled before the server's answer reached the client (for the queue: before
        /// it was sent, the only cancellation a queue has).
        case cancelled
        /// Answered with a GraphQL error and no data for the field: the Todo server refuses
        /// to change a locked to-do.
        case refused
        /// Answered with the change.
        case delivered

        var testDescription: String { rawValue }
    }

    /// What the caller got: the result, or the error.
    typealias CallerOutcome = Result<GraphQLResult<ChangeTodoStatusMutation.Data>, any Error>

    @Test("the store ends the same way, no layer stays, and watchers see the guess then the outcome once", arguments: EntryPoint.allCases, Outcome.allCases)
    func sameStoreThroughEveryEntryPoint(entryPoint: EntryPoint, outcome: Outcome) async throws {
        try await withMainActorServer { server in
            let gates = Gates()
            let queue = server.todoQueue(gates: gates)
            let client = entryPoint == .queue ? queue.client : server.todoClient(gates: gates)
            let fixture = try await TodoFixture(client: client)
            let store = client.store
            let todo = try outcome == .refused ? fixture.todo(3) : fixture.todo(1)
            #expect(todo.text.contains("locked") == (outcome == .refused))
            let todoKey = CacheKey("Todo:" + todo.id)
            let before = try store.record(for: todoKey)
            var rows = store.watch(TodoRow.self, key: todoKey).makeAsyncIterator()
            #expect(try await rows.nextValue().get().complete == todo.complete)

            let sent = try await Self.send(todo.id, complete: !todo.complete, through: entryPoint, outcome: outcome, client: client, queue: queue)
            // The guess shows before the request can settle: every request waits at a gate.
            let shown = try await rows.nextValue().get()
            #expect(shown.complete == !todo.complete)
            let caller = try await Self.settle(sent, as: outcome, gates: gates)

            // The caller's side.
            switch (outcome, caller) {
            case (.cancelled, .failure(let error)):
                #expect(entryPoint == .queue ? error is MutationQueueError : error is CancellationError)
            case (.refused, .success(let result)):
                #expect(result.errors?.first?.code == "FORBIDDEN")
                #expect(result.data?.changeTodoStatus == nil)
            case (.delivered, .success(let result)):
                #expect(result.errors == nil)
                #expect(result.data?.changeTodoStatus?.todo.complete == !todo.complete)
            default:
                Issue.record("\(outcome) through \(entryPoint) gave \(caller)")
            }

            // The store's side: no layer left, and the to-do as the outcome says.
            #expect(store.optimisticLayerIDs.isEmpty)
            var expected = try #require(before)
            if outcome == .delivered { expected.fields["complete"] = .scalar(.bool(!todo.complete)) }
            #expect(try store.record(for: todoKey) == expected)
            let mutationFields = try store.record(for: .root(for: .mutation))?.fields.filter {
                $0.key.hasPrefix("changeTodoStatus(") && $0.key.contains(todo.id)
            } ?? [:]
            // A delivered mutation leaves its field on the mutation root, a refused one the
            // server's error for it (never a null taken for a value), a cancelled one nothing.
            switch outcome {
            case .delivered:
                #expect(mutationFields.count == 1 && mutationFields.values.first != .null)
            case .refused:
                #expect(mutationFields.count == 1)
                if case .fieldError(let errors)? = mutationFields.values.first {
                    #expect(errors.first?.message.contains("locked") == true)
                } else {
                    Issue.record("the refused field is stored as \(String(describing: mutationFields.values.first))")
                }
            case .cancelled:
                #expect(mutationFields.isEmpty)
            }

            // The watcher's side: after the guess, the outcome once (the guess itself when the
            // answer agrees with it), and nothing else before a later change.
            try store.commitUpdate { try $0.record(for: todoKey)?.setValue("Sentinel", forField: "text") }
            var seen: [Bool] = []
            while true {
                let row = try await rows.nextValue().get()
                if row.text == "Sentinel" {
                    #expect(row.complete == (outcome == .delivered ? !todo.complete : todo.complete))
                    break
                }
                if seen.last != row.complete { seen.append(row.complete) }
            }
            #expect(seen == (outcome == .delivered ? [] : [todo.complete]))
        }
    }

    /// A mutation on its way: a caller's task, a mutator's commit, or a queued mutation with, when it is to be
    /// cancelled, the mutation queued before it.
    enum Sent {
        case task(Task<GraphQLResult<ChangeTodoStatusMutation.Data>, any Error>)
        case committed(CommittedMutation<ChangeTodoStatusMutation>)
        case queued(QueuedMutationHandle<ChangeTodoStatusMutation>, head: QueuedMutationHandle<AddTodoMutation>?)
    }

    /// The request of every mutation sent here waits at this gate.
    static let gate = "ours"

    /// Toggles a to-do with the guess of its answer through `entryPoint`. The request waits
    /// at ``gate``; for a queue's cancellation, another mutation goes first and waits, since
    /// a queue cancels only what it has not sent.
    @MainActor
    static func send(
        _ id: String,
        complete: Bool,
        through entryPoint: EntryPoint,
        outcome: Outcome,
        client: ApogeeClient,
        queue: MutationQueue
    ) async throws -> Sent {
        let mutation = toggle(id, complete: complete)
        let guess = toggleGuess(id, complete: complete)
        switch entryPoint {
        case .perform:
            return .task(Task { try await client.perform(mutation: mutation, optimisticResponse: guess, context: .gate(gate)) })
        case .mutator:
            return .committed(Mutator<ChangeTodoStatusMutation>(client: client).committing(mutation, optimisticResponse: guess, context: .gate(gate)))
        case .queue:
            let head = outcome == .cancelled
                ? try await queue.enqueue(AddTodoMutation(input: .init(text: "First in line", userId: "me"), connections: []), idempotencyKey: "head")
                : nil
            return .queued(try await queue.enqueue(mutation, idempotencyKey: gate, optimisticResponse: guess), head: head)
        }
    }

    /// Brings a mutation sent by ``send(_:complete:through:outcome:client:queue:)`` to
    /// `outcome` and returns what its caller got.
    @MainActor
    static func settle(_ sent: Sent, as outcome: Outcome, gates: Gates) async throws -> CallerOutcome {
        switch sent {
        case .task(let task):
            await gates.waitForArrival(gate)
            if outcome == .cancelled { task.cancel() } else { await gates.open(gate) }
            return await task.result.mapError { $0 }
        case .committed(let committed):
            await gates.waitForArrival(gate)
            if outcome == .cancelled { committed.cancel() } else { await gates.open(gate) }
            return await committed.result
        case .queued(let handle, let head?):
            await gates.waitForArrival("head")
            #expect(try await handle.cancel())
            let caller: CallerOutcome
            do { caller = .success(try await handle.result()) } catch { caller = .failure(error) }
            await gates.open("head")
            #expect(try await head.result().errors == nil)
            return caller
        case .queued(let handle, nil):
            await gates.waitForArrival(gate)
            await gates.open(gate)
            do { return .success(try await handle.result()) } catch { return .failure(error) }
        }
    }
}
