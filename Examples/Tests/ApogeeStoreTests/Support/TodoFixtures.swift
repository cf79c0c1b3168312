@testable import ApogeeAPI
@testable import ApogeeStore
import Testing
import TodoAPI

/// Todo responses as the example server sends them, for tests of updaters and connections.
enum TodoFixtures {
    static let userID = "VXNlcjptZQ=="
    static let userKey = CacheKey("User:" + userID)
    /// The key `__id` gives the connection of ``TodoListQuery``.
    static let listConnection = ConnectionRecords.connectionID(parent: userKey, key: "TodoList_todos")
    /// The key `__id` gives the connection of ``CompletedTodosQuery``.
    static let completedConnection = ConnectionRecords.connectionID(parent: userKey, key: "CompletedTodos_todos", filters: ["status": "completed"])

    static func todo(_ id: String, text: String? = nil, complete: Bool = false) -> JSONValue {
        ["__typename": "Todo", "id": .string(id), "text": .string(text ?? "To-do \(id)"), "complete": .bool(complete)]
    }

    static func edge(_ id: String, text: String? = nil, complete: Bool = false) -> JSONValue {
        ["__typename": "TodoEdge", "cursor": .string("cursor-\(id)"), "node": todo(id, text: text, complete: complete)]
    }

    /// One page of ``TodoListQuery``.
    static func list(_ ids: [String], hasNextPage: Bool = false, totalCount: Int? = nil) -> JSONObject {
        [
            "user": [
                "__typename": "User",
                "id": .string(userID),
                "totalCount": .int(totalCount ?? ids.count),
                "completedCount": 0,
                "todos": [
                    "__typename": "TodoConnection",
                    "edges": .array(ids.map { edge($0) }),
                    "pageInfo": [
                        "__typename": "PageInfo",
                        "hasNextPage": .bool(hasNextPage),
                        "endCursor": ids.last.map { .string("cursor-\($0)") } ?? .null,
                    ],
                ],
            ],
        ]
    }

    /// ``CompletedTodosQuery``'s data.
    static func completed(_ ids: [String]) -> JSONObject {
        [
            "user": [
                "__typename": "User",
                "id": .string(userID),
                "todos": ["__typename": "TodoConnection", "edges": .array(ids.map { edge($0, complete: true) })],
            ],
        ]
    }

    /// A store holding the first page of the list with the given to-dos.
    static func store(_ ids: [String] = ["1", "2", "3"]) throws -> NormalizedStore {
        let store = NormalizedStore()
        try store.write(data: list(ids), for: TodoListQuery())
        return store
    }
}

extension NormalizedStore {
    /// The ids of the to-dos the list shows.
    func listIDs(_ query: TodoListQuery = TodoListQuery()) throws -> [String] {
        try read(query).result.get().user?.todos?.edges?.compactMap { $0?.node?.fragments.todoRow.id } ?? []
    }

    /// The ids of the completed to-dos.
    func completedIDs() throws -> [String] {
        try read(CompletedTodosQuery()).result.get().user?.todos?.edges?.compactMap { $0?.node?.fragments.todoRow.id } ?? []
    }
}
