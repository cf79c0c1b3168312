@testable import Apogee
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing
import TodoAPI

/// The declarative list directives and `@connection`, against the Todo example server.
@Suite("List directives", .timeLimit(.minutes(10)))
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

    @Test("The first result from the server carries __id, the same key a read from the store gives")
    func clientIDInServerResult() async throws {
        try await withServer { server in
            let client = server.todoClient()
            let query = TodoListQuery(first: 10)
            let fromServer = try await client.fetch(query: query, cachePolicy: .fetchIgnoringCacheData)
            #expect(fromServer.source == .server)
            let connection = try #require(fromServer.data?.user?.todos?.__id)
            let fromStore = try client.store.read(query).result.get()
            #expect(fromStore.user?.todos?.__id == connection)
            #expect(fromServer.data?.rows == fromStore.rows)

            let added = try await client.perform(
                mutation: AddTodoMutation(input: .init(text: "Keyed from the start", userId: "me"), connections: [connection])
            )
            #expect(added.errors == nil)
            #expect(try client.store.todoRows().last?.text == "Keyed from the start")
        }
    }

    @Test("@prependEdge adds the new edge at the start")
    func prependEdge() async throws {
        try await withServer { server in
            let fixture = try await TodoFixture(client: server.todoClient())
            let before = try fixture.client.store.todoRows().map(\.id)
            let result = try await fixture.client.perform(
                mutation: AddTodoOnTopMutation(input: .init(text: "First things first", userId: "me"), connections: [try fixture.connectionID])
            )
            let added = try #require(result.data?.addTodo?.todoEdge.node?.fragments.todoRow)
            #expect(try fixture.client.store.todoRows().map(\.id) == [added.id] + before)
        }
    }

    @Test("@appendNode and @prependNode make edges for the node returned")
    func appendAndPrependNode() async throws {
        try await withServer { server in
            let client = server.todoClient()
            let fixture = try await TodoFixture(client: client, first: 2)
            _ = try await client.fetch(query: CompletedTodosQuery(), cachePolicy: .fetchIgnoringCacheData)
            let completed = try #require(try client.store.read(CompletedTodosQuery()).result.get().user?.todos)
            let completedID = try #require(completed.__id)
            #expect(completed.edges?.compactMap { $0?.node?.fragments.todoRow.text } == ["Taste JavaScript"])

            let second = try fixture.todo(1)
            _ = try await client.perform(mutation: CompleteTodoMutation(input: .init(complete: true, id: second.id, userId: "me"), connections: [completedID]))
            let texts = try client.store.read(CompletedTodosQuery()).result.get().user?.todos?.edges?.compactMap { $0?.node?.fragments.todoRow.text }
            #expect(texts == ["Taste JavaScript", "Buy a unicorn"])

            // The third to-do is not on the first page of two; reopening it puts it on top.
            let third = try #require(try await client.fetch(query: TodoListQuery(first: 3), cachePolicy: .fetchIgnoringCacheCompletely).data?.rows.last)
            try client.store.write(third, key: CacheKey("Todo:" + third.id))
            _ = try await client.perform(mutation: ReopenTodoMutation(input: .init(complete: false, id: third.id, userId: "me"), connections: [try fixture.connectionID]))
            #expect(try client.store.todoRows(first: 2).map(\.text) == ["Learn Swift concurrency", "Taste JavaScript", "Buy a unicorn"])
        }
    }

    @Test("@deleteRecord removes the to-do from the store and from the list, which stays readable")
    func deleteRecord() async throws {
        try await withServer { server in
            let fixture = try await TodoFixture(client: server.todoClient())
            let store = fixture.client.store
            let todo = try fixture.todo(1)
            var lists = store.watch(TodoListQuery(first: 10)).makeAsyncIterator()
            #expect(try await lists.nextValue().get().rows.count == 4)
            let result = try await fixture.client.perform(mutation: RemoveTodoMutation(input: .init(id: todo.id, userId: "me")))
            #expect(result.data?.removeTodo?.deletedTodoId == todo.id)
            #expect(try store.record(for: CacheKey("Todo:" + todo.id)) == nil)
            let list = try await lists.nextValue().get()
            #expect(!list.rows.map(\.id).contains(todo.id))
            #expect(list.rows.count == 3)
            #expect(list.user?.totalCount == 3)
        }
    }

    @Test("@deleteRecord on a list of IDs removes each")
    func deleteRecords() async throws {
        try await withServer { server in
            let fixture = try await TodoFixture(client: server.todoClient())
            let done = try fixture.todo(0)
            #expect(done.complete)
            let result = try await fixture.client.perform(mutation: RemoveCompletedTodosMutation(input: .init(userId: "me")))
            #expect(result.data?.removeCompletedTodos?.deletedTodoIds == [done.id])
            #expect(try fixture.client.store.record(for: CacheKey("Todo:" + done.id)) == nil)
            #expect(try fixture.client.store.todoRows().count == 3)
        }
    }

    @Test("@deleteEdge takes the to-do out of the list and keeps its record")
    func deleteEdge() async throws {
        try await withServer { server in
            let fixture = try await TodoFixture(client: server.todoClient())
            let todo = try fixture.todo(2)
            _ = try await fixture.client.perform(mutation: RemoveTodoEdgeMutation(input: .init(id: todo.id, userId: "me"), connections: [try fixture.connectionID]))
            #expect(!(try fixture.client.store.todoRows().map(\.id).contains(todo.id)))
            #expect(try fixture.client.store.todoRow(todo.id) == todo)
        }
    }

    @Test("pages fetched with @connection merge into one list by cursor")
    func pagesMerge() async throws {
        try await withServer { server in
            let client = server.todoClient()
            let first = try await client.fetch(query: TodoListQuery(first: 2), cachePolicy: .fetchIgnoringCacheData)
            let endCursor = try #require(first.data?.user?.todos?.pageInfo.endCursor)
            #expect(first.data?.user?.todos?.pageInfo.hasNextPage == true)
            let second = try await client.fetch(query: TodoListQuery(first: 2, after: .some(endCursor)), cachePolicy: .fetchIgnoringCacheData)
            #expect(second.data?.rows.count == 2)
            let merged = try client.store.read(TodoListQuery(first: 2)).result.get()
            #expect(merged.rows.map(\.text) == ["Taste JavaScript", "Buy a unicorn", "Learn Swift concurrency", "This to-do is locked"])
            #expect(merged.user?.todos?.pageInfo.hasNextPage == false)
            #expect(merged.user?.todos?.__id == (try client.store.read(TodoListQuery(first: 2, after: .some(endCursor))).result.get().user?.todos?.__id))
        }
    }
}
