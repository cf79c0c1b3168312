@testable import ApogeeAPI
import ApogeeExampleServer
import TestSupport
import Testing

/// The six to-do mutations, the locked to-do, and the reject-everything switch.
@Suite struct TodoMutationTests {
    static let add = """
        mutation Add($input: AddTodoInput!) { addTodo(input: $input) {
          todoEdge { cursor node { id text complete } } user { totalCount } clientMutationId } }
        """
    static let change = """
        mutation Change($input: ChangeTodoStatusInput!) { changeTodoStatus(input: $input) {
          todo { id complete } user { completedCount } } }
        """

    static func todoID(_ server: ExampleServer, text: String) async throws -> JSONValue {
        let list = try await graphQL(server.todoURL, "{ user { todos { edges { node { id text } } } } }")
        let edges = list[path: "data", "user", "todos", "edges"]?.arrayValue ?? []
        return try #require(edges.first { $0[path: "node", "text"]?.stringValue == text }?[path: "node", "id"])
    }

    @Test func addTodoAppendsAnEdgeAndEchoesTheClientMutationId() async throws {
        try await withServer { server in
            let response = try await graphQL(server.todoURL, Self.add, variables: ["input": ["text": "Write tests", "userId": "me", "clientMutationId": "m1"]])
            #expect(response[path: "data", "addTodo", "todoEdge", "node", "text"] == "Write tests")
            #expect(response[path: "data", "addTodo", "todoEdge", "node", "complete"] == false)
            #expect(response[path: "data", "addTodo", "user", "totalCount"] == 5)
            #expect(response[path: "data", "addTodo", "clientMutationId"] == "m1")
            let cursor = try #require(response[path: "data", "addTodo", "todoEdge", "cursor"])
            let list = try await graphQL(server.todoURL, TodoConnectionTests.todos, variables: ["last": 1])
            #expect(list[path: "data", "user", "todos", "edges", 0, "cursor"] == cursor)
        }
    }

    @Test func changeStatusRenameAndRemove() async throws {
        try await withServer { server in
            let unicorn = try await Self.todoID(server, text: "Buy a unicorn")
            let changed = try await graphQL(server.todoURL, Self.change, variables: ["input": ["id": unicorn, "complete": true, "userId": "me"]])
            #expect(changed[path: "data", "changeTodoStatus", "todo", "complete"] == true)
            #expect(changed[path: "data", "changeTodoStatus", "user", "completedCount"] == 2)

            let rename = "mutation Rename($input: RenameTodoInput!) { renameTodo(input: $input) { todo { id text } } }"
            let renamed = try await graphQL(server.todoURL, rename, variables: ["input": ["id": unicorn, "text": "Buy two unicorns"]])
            #expect(renamed[path: "data", "renameTodo", "todo", "text"] == "Buy two unicorns")

            let remove = "mutation Remove($input: RemoveTodoInput!) { removeTodo(input: $input) { deletedTodoId user { totalCount } } }"
            let removed = try await graphQL(server.todoURL, remove, variables: ["input": ["id": unicorn, "userId": "me"]])
            #expect(removed[path: "data", "removeTodo", "deletedTodoId"] == unicorn)
            #expect(removed[path: "data", "removeTodo", "user", "totalCount"] == 3)
        }
    }

    @Test func markAllThenRemoveCompletedSkipTheLockedTodo() async throws {
        try await withServer { server in
            let markAll = "mutation MarkAll($input: MarkAllTodosInput!) { markAllTodos(input: $input) { changedTodos { text complete } user { completedCount } } }"
            let marked = try await graphQL(server.todoURL, markAll, variables: ["input": ["complete": true, "userId": "me"]])
            #expect(marked[path: "data", "markAllTodos", "changedTodos"] == [
                ["text": "Buy a unicorn", "complete": true], ["text": "Learn Swift concurrency", "complete": true],
            ])
            #expect(marked[path: "data", "markAllTodos", "user", "completedCount"] == 3)

            let removeCompleted = "mutation Clear($input: RemoveCompletedTodosInput!) { removeCompletedTodos(input: $input) { deletedTodoIds user { totalCount completedCount } } }"
            let cleared = try await graphQL(server.todoURL, removeCompleted, variables: ["input": ["userId": "me"]])
            #expect(cleared[path: "data", "removeCompletedTodos", "deletedTodoIds"]?.arrayValue?.count == 3)
            #expect(cleared[path: "data", "removeCompletedTodos", "user"] == ["totalCount": 1, "completedCount": 0])
        }
    }

    @Test func theLockedTodoRefusesChangesWithPartialData() async throws {
        try await withServer { server in
            let locked = try await Self.todoID(server, text: "This to-do is locked")
            let response = try await graphQL(server.todoURL, Self.change, variables: ["input": ["id": locked, "complete": true, "userId": "me"]])
            #expect(response[path: "data", "changeTodoStatus"] == .null)
            #expect(response[path: "errors", 0, "extensions", "code"] == "FORBIDDEN")
            #expect(response[path: "errors", 0, "path"] == ["changeTodoStatus"])
        }
    }

    @Test func rejectsTodoMutationsRefusesEverythingUntilSwitchedOff() async throws {
        try await withServer(.init(rejectsTodoMutations: true)) { server in
            let input: JSONValue = ["text": "Nope", "userId": "me"]
            let refused = try await graphQL(server.todoURL, Self.add, variables: ["input": input])
            #expect(refused[path: "errors", 0, "extensions", "code"] == "FORBIDDEN")
            await server.setRejectsTodoMutations(false)
            let accepted = try await graphQL(server.todoURL, Self.add, variables: ["input": input])
            #expect(accepted[path: "data", "addTodo", "todoEdge", "node", "text"] == "Nope")
        }
    }

    @Test func unknownUserIsAnError() async throws {
        try await withServer { server in
            let response = try await graphQL(server.todoURL, Self.add, variables: ["input": ["text": "x", "userId": "someone"]])
            #expect(response[path: "errors", 0, "extensions", "code"] == "BAD_USER_INPUT")
        }
    }

    @Test func serversKeepTheirOwnTodos() async throws {
        try await withServer { first in
            try await withServer { second in
                _ = try await graphQL(first.todoURL, Self.add, variables: ["input": ["text": "Only here", "userId": "me"]])
                #expect(try await graphQL(first.todoURL, "{ user { totalCount } }")[path: "data", "user", "totalCount"] == 5)
                #expect(try await graphQL(second.todoURL, "{ user { totalCount } }")[path: "data", "user", "totalCount"] == 4)
            }
        }
    }
}
