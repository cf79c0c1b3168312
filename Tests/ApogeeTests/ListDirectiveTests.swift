import Apogee
import ApogeeExampleServer
import Foundation
import Testing
import TodoAPI

/// The declarative list directives and `@connection`, against the Todo example server.
@Suite("List directives")
struct ListDirectiveTests {
    @Test("@appendEdge adds the new edge at the end of the connection, optimistically and then for real")
    func appendEdge() async throws {
        try await withServer { server in
            let gates = Gates()
            let fixture = try await TodoFixture(client: server.todoClient(gates: gates))
            let store = fixture.client.store
            let connection = try fixture.connectionID
            let before = try store.todoRows()
            #expect(before.count == 4)

            let mutation = AddTodoMutation(input: .init(text: "Walk the unicorn", userId: "me"), connections: [connection])
            let optimistic: OptimisticResponse<AddTodoMutation.Data> = [
                "addTodo": [
                    "todoEdge": ["cursor": "optimistic", "node": ["id": "optimistic:1", "text": "Walk the unicorn", "complete": false]],
                    "user": ["id": .string(try fixture.user.id), "totalCount": 5],
                ],
            ]
            let task = Task {
                try await fixture.client.perform(mutation: mutation, optimisticResponse: optimistic, context: .gate("add"))
            }
            await gates.waitForArrival("add")
            #expect(try store.todoRows().map(\.id) == before.map(\.id) + ["optimistic:1"])

            await gates.open("add")
            let result = try await task.value
            #expect(result.errors == nil)
            let added = try #require(result.data?.addTodo?.todoEdge.node?.fragments.todoRow)
            #expect(added.id != "optimistic:1")
            let rows = try store.todoRows()
            #expect(rows.map(\.id) == before.map(\.id) + [added.id])
            #expect(rows.last?.text == "Walk the unicorn")
            #expect(store.optimisticLayerIDs.isEmpty)
        }
    }
}
