@testable import ApogeeAPI
@testable import ApogeeStore
import Testing
import TodoAPI

/// The list directives as the store carries them out, for results and optimistic responses.
@Suite("List directives in the store")
struct ListDirectiveStoreTests {
    static let list = [TodoFixtures.listConnection.rawValue]

    static func added(_ id: String) -> JSONObject {
        ["addTodo": ["__typename": "AddTodoPayload", "todoEdge": TodoFixtures.edge(id), "user": ["__typename": "User", "id": .string(TodoFixtures.userID), "totalCount": 4]]]
    }

    static func statusChanged(_ id: String, complete: Bool) -> JSONObject {
        ["changeTodoStatus": ["__typename": "ChangeTodoStatusPayload", "todo": ["__typename": "Todo", "id": .string(id), "complete": .bool(complete)]]]
    }

    static func removed(_ id: String) -> JSONObject {
        ["removeTodo": ["__typename": "RemoveTodoPayload", "deletedTodoId": .string(id), "user": ["__typename": "User", "id": .string(TodoFixtures.userID), "totalCount": 2, "completedCount": 0]]]
    }

    static func commit<Mutation: GraphQLMutation>(_ data: JSONObject, for mutation: Mutation, in store: NormalizedStore) throws {
        try store.writeResult(mutation, data: data, typedData: nil, removingOptimisticLayer: nil)
    }

    @Test("@appendEdge puts the payload's edge at the end")
    func appendEdge() throws {
        let store = try TodoFixtures.store()
        let input = AddTodoInput(text: "To-do 4", userId: "me")
        try Self.commit(Self.added("4"), for: AddTodoMutation(input: input, connections: Self.list), in: store)
        #expect(try store.listIDs() == ["1", "2", "3", "4"])
        // The connection keeps an edge of its own, not the payload's.
        let edge = try #require(try store.record(for: TodoFixtures.listConnection)?["edges"])
        guard case .list(let edges) = edge else { Issue.record("edges is not a list"); return }
        #expect(edges.last?.referenceKey?.rawValue.hasPrefix(TodoFixtures.listConnection.rawValue) == true)
    }

    @Test("@prependEdge puts the payload's edge first")
    func prependEdge() throws {
        let store = try TodoFixtures.store()
        let input = AddTodoInput(text: "To-do 4", userId: "me")
        try Self.commit(Self.added("4"), for: AddTodoOnTopMutation(input: input, connections: Self.list), in: store)
        #expect(try store.listIDs() == ["4", "1", "2", "3"])
    }

    @Test("an edge whose node the connection has already is not added again")
    func appendTwice() throws {
        let store = try TodoFixtures.store()
        let mutation = AddTodoMutation(input: AddTodoInput(text: "To-do 2", userId: "me"), connections: Self.list)
        try Self.commit(Self.added("2"), for: mutation, in: store)
        #expect(try store.listIDs() == ["1", "2", "3"])
    }

    @Test("@appendNode makes an edge for the node at the end; @prependNode at the start")
    func appendAndPrependNode() throws {
        let store = try TodoFixtures.store()
        try store.write(data: TodoFixtures.completed(["7"]), for: CompletedTodosQuery())
        let completed = [TodoFixtures.completedConnection.rawValue]
        let complete = CompleteTodoMutation(input: .init(complete: true, id: "2", userId: "me"), connections: completed)
        try Self.commit(Self.statusChanged("2", complete: true), for: complete, in: store)
        #expect(try store.completedIDs() == ["7", "2"])

        let reopen = ReopenTodoMutation(input: .init(complete: false, id: "9", userId: "me"), connections: Self.list)
        try store.write(data: ["todo": TodoFixtures.todo("9")], for: TodoNodeSeed())
        try Self.commit(Self.statusChanged("9", complete: false), for: reopen, in: store)
        #expect(try store.listIDs() == ["9", "1", "2", "3"])
        // The made edge reads like the server's, cursor included.
        let edges = try #require(try store.read(TodoListQuery()).result.get().user?.todos?.edges)
        #expect(edges.first??.cursor.hasPrefix("client:") == true)
    }

    @Test("@deleteRecord deletes the record by its ID, and the edges that showed it")
    func deleteRecord() throws {
        let store = try TodoFixtures.store()
        try Self.commit(Self.removed("2"), for: RemoveTodoMutation(input: .init(id: "2", userId: "me")), in: store)
        #expect(try store.record(for: "Todo:2") == nil)
        #expect(try store.listIDs() == ["1", "3"])
        #expect(try store.read(TodoListQuery()).result.get().user?.totalCount == 2)
    }

    @Test("@deleteRecord on a list of IDs deletes each")
    func deleteRecords() throws {
        let store = try TodoFixtures.store(["1", "2", "3", "4"])
        let data: JSONObject = [
            "removeCompletedTodos": [
                "__typename": "RemoveCompletedTodosPayload",
                "deletedTodoIds": ["1", "3"],
                "user": ["__typename": "User", "id": .string(TodoFixtures.userID), "totalCount": 2, "completedCount": 0],
            ],
        ]
        try Self.commit(data, for: RemoveCompletedTodosMutation(input: .init(userId: "me")), in: store)
        #expect(try store.listIDs() == ["2", "4"])
        #expect(try store.record(for: "Todo:1") == nil)
        #expect(try store.record(for: "Todo:3") == nil)
    }

    @Test("@deleteEdge takes the node out of the connections named and keeps its record")
    func deleteEdge() throws {
        let store = try TodoFixtures.store()
        try store.write(data: TodoFixtures.completed(["2"]), for: CompletedTodosQuery())
        let data: JSONObject = ["removeTodo": ["__typename": "RemoveTodoPayload", "deletedTodoId": "2"]]
        try Self.commit(data, for: RemoveTodoEdgeMutation(input: .init(id: "2", userId: "me"), connections: Self.list), in: store)
        #expect(try store.listIDs() == ["1", "3"])
        #expect(try store.completedIDs() == ["2"])
        #expect(try store.record(for: "Todo:2") != nil)
    }

    @Test("a connection that is not in the store is left alone")
    func unknownConnection() throws {
        let store = try TodoFixtures.store()
        let mutation = AddTodoMutation(input: AddTodoInput(text: "To-do 4", userId: "me"), connections: ["User:nobody.__TodoList_todos_connection"])
        try Self.commit(Self.added("4"), for: mutation, in: store)
        #expect(try store.listIDs() == ["1", "2", "3"])
        #expect(try store.record(for: "User:nobody.__TodoList_todos_connection") == nil)
    }

    @Test("an optimistic @appendEdge shows in a layer and goes with it")
    func optimisticAppendEdge() throws {
        let store = try TodoFixtures.store()
        let mutation = AddTodoMutation(input: AddTodoInput(text: "Soon", userId: "me"), connections: Self.list)
        let layer = try store.addOptimisticLayer(for: mutation, response: [
            "addTodo": ["todoEdge": ["cursor": "optimistic", "node": ["id": "optimistic", "text": "Soon", "complete": false]], "user": ["id": .string(TodoFixtures.userID), "totalCount": 4]],
        ])
        #expect(try store.listIDs() == ["1", "2", "3", "optimistic"])
        try store.removeOptimisticLayer(layer)
        #expect(try store.listIDs() == ["1", "2", "3"])
        #expect(try store.record(for: "Todo:optimistic") == nil)
    }
}

/// Writes one to-do under the query root, so a test has a to-do that no list shows.
struct TodoNodeSeed: GraphQLQuery {
    static let operationName = "TodoNodeSeed"
    static let document = "query TodoNodeSeed { todo { id text complete } }"

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections: [Selection] = [.field(.init("todo", type: .object("Todo", TodoRow.__selections)))]

        var todo: TodoRow?

        init(from object: ResponseObject) throws {
            todo = try object.decode("todo")
        }

        var __fields: JSONObject { ["todo": todo.responseValue] }
    }
}
