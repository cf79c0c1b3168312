@testable import ApogeeAPI
@testable import ApogeeStore
import Foundation
import TestSupport
import Testing
import TodoAPI

/// What an updater function can do with the store.
@Suite("Store proxy")
struct StoreProxyTests {
    @Test("writing nil stores null; removing a field is its own call")
    func nilWritesNull() throws {
        let store = try TodoFixtures.store()
        try store.commitUpdate { proxy in
            let todo = try #require(try proxy.record(for: "Todo:1"))
            todo["text"] = nil
            try todo.setValue(nil as Bool?, forField: "complete")
        }
        let record = try #require(try store.record(for: "Todo:1"))
        #expect(record["text"] == .null)
        #expect(record["complete"] == .null)

        try store.commitUpdate { proxy in
            let todo = try #require(try proxy.record(for: "Todo:1"))
            #expect(todo["text"] == .null)
            try todo.removeField("text")
            #expect(todo["text"] == nil)
        }
        #expect(try store.record(for: "Todo:1")?["text"] == nil)
        let miss = try #require(try store.read(TodoRow.self, key: "Todo:1").miss)
        #expect(miss.field == "text")
    }

    @Test("scalars read and write as JSON or as Swift types, with arguments")
    func scalars() throws {
        let store = try TodoFixtures.store()
        try store.commitUpdate { proxy in
            let todo = try #require(try proxy.record(for: "Todo:2"))
            #expect(try todo.value(forField: "text", as: String.self) == "To-do 2")
            #expect(try todo.value(forField: "complete", as: Bool.self) == false)
            #expect(try todo.value(forField: "missing") == nil)
            todo["text"] = "Renamed"
            try todo.setValue(true, forField: "complete")
            try todo.setValue("yes", forField: "flag", arguments: ["size": "SMALL"])
            #expect(try todo.value(forField: "flag", arguments: ["size": "SMALL"]) == "yes")
            #expect(try todo.typename() == "Todo")
        }
        let row = try store.read(TodoRow.self, key: "Todo:2").result.get()
        #expect(row.text == "Renamed")
        #expect(row.complete)
        #expect(try store.record(for: "Todo:2")?[#"flag({"size":"SMALL"})"#] == .scalar("yes"))
    }

    @Test("linked records and lists of them")
    func links() throws {
        let store = try TodoFixtures.store()
        try store.commitUpdate { proxy in
            let user = try #require(try proxy.record(for: TodoFixtures.userKey))
            let first = try #require(try proxy.record(for: "Todo:1"))
            let third = try #require(try proxy.record(for: "Todo:3"))
            try user.setLinkedRecord(first, forField: "pinned")
            #expect(try user.linkedRecord(forField: "pinned")?.key == "Todo:1")
            try user.setLinkedRecords([third, nil, first], forField: "recent")
            #expect(try user.linkedRecords(forField: "recent")?.map { $0?.key } == ["Todo:3", nil, "Todo:1"])
            try user.setLinkedRecord(nil, forField: "pinned")
            #expect(try user.linkedRecord(forField: "pinned") == nil)
            let settings = try user.linkedRecord(forField: "settings", creatingWithTypename: "Settings")
            #expect(try settings.typename() == "Settings")
            #expect(try user.linkedRecord(forField: "settings", creatingWithTypename: "Settings").key == settings.key)
        }
        let user = try #require(try store.record(for: TodoFixtures.userKey))
        #expect(user["pinned"] == .null)
        #expect(user["recent"] == .list([.reference("Todo:3"), .null, .reference("Todo:1")]))
    }

    @Test("reading a link as a scalar, or a scalar as a link, is a typed error")
    func wrongKinds() throws {
        let store = try TodoFixtures.store()
        #expect(throws: StoreProxyError.notAScalar(TodoFixtures.userKey, field: "__TodoList_todos_connection")) {
            try store.commitUpdate { proxy in
                _ = try proxy.record(for: TodoFixtures.userKey)?.value(forField: "__TodoList_todos_connection")
            }
        }
        #expect(throws: StoreProxyError.notALink("Todo:1", field: "text")) {
            try store.commitUpdate { proxy in
                _ = try proxy.record(for: "Todo:1")?.linkedRecord(forField: "text")
            }
        }
    }

    @Test("a subscript's failure fails the updater when it returns, and nothing is applied")
    func deferredError() throws {
        let store = try TodoFixtures.store()
        #expect(throws: StoreProxyError.notAScalar(TodoFixtures.userKey, field: "__TodoList_todos_connection")) {
            try store.commitUpdate { proxy in
                let user = try #require(try proxy.record(for: TodoFixtures.userKey))
                user["totalCount"] = 99
                _ = user["__TodoList_todos_connection"]
            }
        }
        #expect(try store.record(for: TodoFixtures.userKey)?["totalCount"] == .scalar(3))
    }

    @Test("records are created and deleted; deleting takes the record out of connections")
    func createAndDelete() throws {
        let store = try TodoFixtures.store()
        try store.commitUpdate { proxy in
            #expect(throws: StoreProxyError.recordExists("Todo:1")) { try proxy.create(key: "Todo:1", typename: "Todo") }
            let created = try proxy.create(key: "Todo:new", typename: "Todo")
            created["text"] = "New"
            let client = try proxy.createClientRecord(typename: "Draft")
            #expect(client.key.rawValue.hasPrefix("client:Draft:"))
            #expect(try client.typename() == "Draft")
            try proxy.delete("Todo:2")
            #expect(try proxy.record(for: "Todo:2") == nil)
        }
        #expect(try store.record(for: "Todo:new")?["text"] == .scalar("New"))
        #expect(try store.record(for: "Todo:2") == nil)
        #expect(try store.listIDs() == ["1", "3"])

        try store.commitUpdate { proxy in try proxy.delete(id: "3") }
        #expect(try store.record(for: "Todo:3") == nil)
        #expect(try store.listIDs() == ["1"])
    }

    @Test("the root, and the root fields of the mutation being applied")
    func rootFields() throws {
        let store = try TodoFixtures.store()
        let mutation = ChangeTodoStatusMutation(input: .init(complete: true, id: "2", userId: "me"))
        let data: JSONObject = [
            "changeTodoStatus": [
                "__typename": "ChangeTodoStatusPayload",
                "todo": ["__typename": "Todo", "id": "2", "complete": true],
                "user": ["__typename": "User", "id": .string(TodoFixtures.userID), "completedCount": 1],
            ],
        ]
        let seen = Recorder<String>()
        try store.writeResult(mutation, data: data, typedData: nil, removingOptimisticLayer: nil) { proxy, typed in
            let payload = try #require(try proxy.rootField("changeTodoStatus"))
            let todo = try #require(try payload.linkedRecord(forField: "todo"))
            seen.append(todo.key.rawValue)
            seen.append(String(describing: typed?.changeTodoStatus?.todo.complete))
            #expect(try proxy.rootField("nothing") == nil)
            #expect(try proxy.root.linkedRecord(forField: "user")?.key == TodoFixtures.userKey)
        }
        #expect(seen.values == ["Todo:2", "Optional(true)"])
    }

    @Test("typed reads and writes through the generated models")
    func typed() throws {
        let store = try TodoFixtures.store()
        try store.commitUpdate { proxy in
            try proxy.update(TodoListQuery()) { data in
                let row = TodoRow(id: "typed", text: "Typed", complete: false)
                let edge = TodoListQuery.Data.User.Todos.Edge(cursor: "typed", node: .init(fragments: .init(todoRow: row)))
                data.user?.todos?.edges?.append(edge)
                data.user?.totalCount += 1
            }
            let todo = try #require(try proxy.record(for: "Todo:1"))
            try todo.update(TodoRow.self) { $0.text = "Through the fragment" }
            #expect(try todo.read(TodoRow.self).text == "Through the fragment")
            #expect(try proxy.read(TodoRow.self, key: "Todo:typed").text == "Typed")
        }
        #expect(try store.listIDs() == ["1", "2", "3", "typed"])
        #expect(try store.read(TodoListQuery()).result.get().user?.totalCount == 4)
        #expect(try store.read(TodoRow.self, key: "Todo:1").result.get().text == "Through the fragment")
    }

    @Test("a connection's edges: append, prepend, insert by cursor, remove")
    func connectionProxy() throws {
        let store = try TodoFixtures.store()
        try store.commitUpdate { proxy in
            let user = try #require(try proxy.record(for: TodoFixtures.userKey))
            let connection = try #require(try proxy.connection(on: user, key: "TodoList_todos"))
            #expect(connection.key == TodoFixtures.listConnection)
            #expect(try connection.nodes().map(\.key) == ["Todo:1", "Todo:2", "Todo:3"])
            #expect(try connection.pageInfo()?.value(forField: "endCursor") == "cursor-3")

            let node = try proxy.create(key: "Todo:4", typename: "Todo")
            #expect(try connection.append(node: node, edgeTypename: "TodoEdge"))
            #expect(!(try connection.append(node: node, edgeTypename: "TodoEdge")))
            let zero = try proxy.create(key: "Todo:0", typename: "Todo")
            try connection.prepend(node: zero, edgeTypename: "TodoEdge")

            let edge = try proxy.createClientRecord(typename: "TodoEdge")
            edge["cursor"] = "cursor-1.5"
            try edge.setLinkedRecord(try proxy.create(key: "Todo:1.5", typename: "Todo"), forField: "node")
            try connection.insert(edge: edge, after: "cursor-1")
            try connection.remove(node: "Todo:3")
            #expect(try connection.nodes().map(\.key) == ["Todo:0", "Todo:1", "Todo:1.5", "Todo:2", "Todo:4"])
            #expect(try proxy.connection("User:nobody.__TodoList_todos_connection") == nil)
        }
        let edges = try #require(try store.record(for: TodoFixtures.listConnection)?["edges"])
        guard case .list(let references) = edges else { Issue.record("edges is not a list"); return }
        #expect(references.count == 5)
        #expect(try store.record(for: "Todo:3") != nil)
    }
}
