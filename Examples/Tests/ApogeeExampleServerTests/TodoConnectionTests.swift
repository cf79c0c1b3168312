@testable import ApogeeAPI
import ApogeeExampleServer
import TestSupport
import Testing

/// `User.todos`: Relay connections with `first`/`after`, `last`/`before` and a status filter.
@Suite struct TodoConnectionTests {
    static let todos = """
        query Todos($status: String, $first: Int, $after: String, $last: Int, $before: String) {
          user { todos(status: $status, first: $first, after: $after, last: $last, before: $before) {
            pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
            edges { cursor node { id text complete } }
          } }
        }
        """

    static func texts(_ response: JSONValue) -> [String] {
        (response[path: "data", "user", "todos", "edges"]?.arrayValue ?? []).compactMap { $0[path: "node", "text"]?.stringValue }
    }

    @Test func userMeHasTheSeedTodosAndCounts() async throws {
        try await withServer { server in
            let response = try await graphQL(server.todoURL, "{ user(id: \"me\") { userId totalCount completedCount } other: user(id: \"you\") { userId } }")
            #expect(response[path: "data", "user"] == ["userId": "me", "totalCount": 4, "completedCount": 1])
            #expect(response[path: "data", "other"] == .null)
            let all = try await graphQL(server.todoURL, Self.todos)
            #expect(Self.texts(all) == ["Taste JavaScript", "Buy a unicorn", "Learn Swift concurrency", "This to-do is locked"])
            #expect(all[path: "data", "user", "todos", "pageInfo", "hasNextPage"] == false)
        }
    }

    @Test func forwardPagesFollowEndCursor() async throws {
        try await withServer { server in
            let first = try await graphQL(server.todoURL, Self.todos, variables: ["first": 2])
            #expect(Self.texts(first) == ["Taste JavaScript", "Buy a unicorn"])
            #expect(first[path: "data", "user", "todos", "pageInfo", "hasNextPage"] == true)
            #expect(first[path: "data", "user", "todos", "pageInfo", "hasPreviousPage"] == false)
            let end = try #require(first[path: "data", "user", "todos", "pageInfo", "endCursor"])
            #expect(end == first[path: "data", "user", "todos", "edges", 1, "cursor"])
            let second = try await graphQL(server.todoURL, Self.todos, variables: ["first": 2, "after": end])
            #expect(Self.texts(second) == ["Learn Swift concurrency", "This to-do is locked"])
            #expect(second[path: "data", "user", "todos", "pageInfo", "hasNextPage"] == false)
            #expect(second[path: "data", "user", "todos", "pageInfo", "hasPreviousPage"] == true)
        }
    }

    @Test func backwardPagesFollowStartCursor() async throws {
        try await withServer { server in
            let last = try await graphQL(server.todoURL, Self.todos, variables: ["last": 1])
            #expect(Self.texts(last) == ["This to-do is locked"])
            let start = try #require(last[path: "data", "user", "todos", "pageInfo", "startCursor"])
            let before = try await graphQL(server.todoURL, Self.todos, variables: ["last": 2, "before": start])
            #expect(Self.texts(before) == ["Buy a unicorn", "Learn Swift concurrency"])
            #expect(before[path: "data", "user", "todos", "pageInfo", "hasPreviousPage"] == true)
            #expect(before[path: "data", "user", "todos", "pageInfo", "hasNextPage"] == true)
        }
    }

    @Test(arguments: [
        ("completed", ["Taste JavaScript"]),
        ("active", ["Buy a unicorn", "Learn Swift concurrency", "This to-do is locked"]),
        ("any", ["Taste JavaScript", "Buy a unicorn", "Learn Swift concurrency", "This to-do is locked"]),
    ])
    func statusFiltersTheList(status: String, expected: [String]) async throws {
        try await withServer { server in
            let response = try await graphQL(server.todoURL, Self.todos, variables: ["status": .string(status)])
            #expect(Self.texts(response) == expected)
        }
    }

    @Test func badStatusAndCursorAreErrors() async throws {
        try await withServer { server in
            let status = try await graphQL(server.todoURL, Self.todos, variables: ["status": "done"])
            #expect(status[path: "errors", 0, "extensions", "code"] == "BAD_USER_INPUT")
            let cursor = try await graphQL(server.todoURL, Self.todos, variables: ["after": "bogus"])
            #expect(cursor[path: "errors", 0, "path"] == ["user", "todos"])
        }
    }

    @Test func nodeFindsTodosAndTheUserByGlobalID() async throws {
        try await withServer { server in
            let list = try await graphQL(server.todoURL, "{ user { id todos(first: 1) { edges { node { id } } } } }")
            let userID = try #require(list[path: "data", "user", "id"])
            let todoID = try #require(list[path: "data", "user", "todos", "edges", 0, "node", "id"])
            let query = "query Node($id: ID!) { node(id: $id) { __typename id ... on Todo { text } ... on User { userId } } }"
            #expect(try await graphQL(server.todoURL, query, variables: ["id": todoID])[path: "data", "node", "text"] == "Taste JavaScript")
            #expect(try await graphQL(server.todoURL, query, variables: ["id": userID])[path: "data", "node", "__typename"] == "User")
            #expect(try await graphQL(server.todoURL, query, variables: ["id": "nothing"])[path: "data", "node"] == .null)
        }
    }
}
