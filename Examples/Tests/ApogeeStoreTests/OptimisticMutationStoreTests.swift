@testable import ApogeeAPI
@testable import ApogeeStore
import TestSupport
import Testing
import TodoAPI

/// Optimistic responses and updaters as layers, and results that replace them.
@Suite("Optimistic mutations in the store")
struct OptimisticMutationStoreTests {
    static func rename(_ id: String, to text: String) -> RenameTodoMutation {
        RenameTodoMutation(input: .init(id: id, text: text))
    }

    static func renamed(_ id: String, _ text: String) -> JSONObject {
        ["renameTodo": ["__typename": "RenameTodoPayload", "todo": ["__typename": "Todo", "id": .string(id), "text": .string(text)]]]
    }

    @Test("the optimistic response applies first, then the optimistic updater sees it; the real data, then the updater")
    func ordering() throws {
        let store = try TodoFixtures.store()
        let events = Recorder<String>()
        let mutation = Self.rename("1", to: "Real")
        let layer = try store.addOptimisticLayer(
            for: mutation,
            response: .data(.init(renameTodo: .init(todo: .init(id: "1", text: "Guess")))),
            updater: { proxy, data in
                let todo = try #require(try proxy.record(for: "Todo:1"))
                events.append("optimistic updater saw \(try todo.value(forField: "text", as: String.self) ?? "-") and \(data?.renameTodo?.todo.text ?? "-")")
                try todo.setValue(true, forField: "complete")
            }
        )
        #expect(try store.read(TodoRow.self, key: "Todo:1").result.get() == TodoRow(id: "1", text: "Guess", complete: true))

        try store.writeResult(mutation, data: Self.renamed("1", "Real"), typedData: nil, removingOptimisticLayer: layer) { proxy, data in
            let todo = try #require(try proxy.record(for: "Todo:1"))
            // The guess is gone: the updater works on the real data only.
            events.append("updater saw \(try todo.value(forField: "text", as: String.self) ?? "-"), complete \(try todo.value(forField: "complete", as: Bool.self) ?? true)")
            todo["text"] = .string((data?.renameTodo?.todo.text ?? "") + "!")
        }
        #expect(events.values == ["optimistic updater saw Guess and Guess", "updater saw Real, complete false"])
        #expect(try store.read(TodoRow.self, key: "Todo:1").result.get() == TodoRow(id: "1", text: "Real!", complete: false))
        #expect(store.optimisticLayerIDs.isEmpty)
    }

    @Test("the real result replaces the guess in one notification")
    func oneNotification() async throws {
        let store = try TodoFixtures.store()
        var rows = store.watch(TodoRow.self, key: "Todo:1").makeAsyncIterator()
        #expect(try await rows.nextValue().get().text == "To-do 1")
        let mutation = Self.rename("1", to: "Real")
        let layer = try store.addOptimisticLayer(for: mutation, response: ["renameTodo": ["todo": ["id": "1", "text": "Guess"]]])
        #expect(try await rows.nextValue().get().text == "Guess")

        let changes = try store.writeResult(mutation, data: Self.renamed("1", "Real"), typedData: nil, removingOptimisticLayer: layer)
        #expect(changes.changedRecords.contains("Todo:1"))
        #expect(try await rows.nextValue().get().text == "Real")
        // Nothing came in between: the next delivery is this sentinel.
        try store.commitUpdate { try $0.record(for: "Todo:1")?.setValue("Sentinel", forField: "text") }
        #expect(try await rows.nextValue().get().text == "Sentinel")
    }

    @Test("A and B in flight: when A settles, B's guess stays on top of A's result until B settles")
    func rebase() throws {
        let store = try TodoFixtures.store()
        // A guesses that to-do 1 becomes complete; the server will say it did not.
        let a = ChangeTodoStatusMutation(input: .init(complete: true, id: "1", userId: "me"))
        let layerA = try store.addOptimisticLayer(for: a, response: ["changeTodoStatus": ["todo": ["id": "1", "complete": true]]])
        // B renames to-do 1, and its updater copies to-do 1's status, as it sees it, to to-do 2.
        let b = Self.rename("1", to: "B")
        let layerB = try store.addOptimisticLayer(for: b, response: ["renameTodo": ["todo": ["id": "1", "text": "B?"]]]) { proxy, _ in
            let complete = try proxy.record(for: "Todo:1")?.value(forField: "complete", as: Bool.self)
            try proxy.record(for: "Todo:2")?.setValue(complete, forField: "complete")
        }
        #expect(try store.read(TodoRow.self, key: "Todo:1").result.get() == TodoRow(id: "1", text: "B?", complete: true))
        #expect(try store.read(TodoRow.self, key: "Todo:2").result.get().complete)

        let answerA: JSONObject = [
            "changeTodoStatus": [
                "__typename": "ChangeTodoStatusPayload",
                "todo": ["__typename": "Todo", "id": "1", "complete": false],
                "user": ["__typename": "User", "id": .string(TodoFixtures.userID), "completedCount": 0],
            ],
        ]
        try store.writeResult(a, data: answerA, typedData: nil, removingOptimisticLayer: layerA)
        #expect(store.optimisticLayerIDs == [layerB])
        // B's guess is still shown, over A's real answer; B's updater ran again on the new base.
        #expect(try store.read(TodoRow.self, key: "Todo:1").result.get() == TodoRow(id: "1", text: "B?", complete: false))
        #expect(try store.read(TodoRow.self, key: "Todo:2").result.get().complete == false)

        try store.writeResult(b, data: Self.renamed("1", "B!"), typedData: nil, removingOptimisticLayer: layerB)
        #expect(try store.read(TodoRow.self, key: "Todo:1").result.get() == TodoRow(id: "1", text: "B!", complete: false))
        #expect(store.optimisticLayerIDs.isEmpty)
    }

    @Test("an updater that throws leaves the real data written, the layer gone, and the error thrown")
    func failingUpdater() throws {
        struct Refused: Error {}
        let store = try TodoFixtures.store()
        let mutation = Self.rename("1", to: "Real")
        let layer = try store.addOptimisticLayer(for: mutation, response: ["renameTodo": ["todo": ["id": "1", "text": "Guess"]]])
        #expect(throws: Refused.self) {
            try store.writeResult(mutation, data: Self.renamed("1", "Real"), typedData: nil, removingOptimisticLayer: layer) { proxy, _ in
                try proxy.record(for: "Todo:2")?.setValue("Half done", forField: "text")
                throw Refused()
            }
        }
        #expect(store.optimisticLayerIDs.isEmpty)
        #expect(try store.read(TodoRow.self, key: "Todo:1").result.get().text == "Real")
        #expect(try store.read(TodoRow.self, key: "Todo:2").result.get().text == "To-do 2")
    }

    @Test("a list directive that throws: the data is written without it, the guess goes, and the error is thrown")
    func failingListDirective() throws {
        let source = UnreadableRecordSource()
        let store = NormalizedStore(source: source)
        try store.write(data: TodoFixtures.list(["1", "2", "3"]), for: TodoListQuery())
        let input = AddTodoInput(text: "To-do 4", userId: "me")
        let mutation = AddTodoMutation(input: input, connections: [TodoFixtures.listConnection.rawValue])
        let layer = try store.addOptimisticLayer(for: mutation, response: .json(ListDirectiveStoreTests.added("4")))
        #expect(try store.listIDs() == ["1", "2", "3", "4"])
        // @appendEdge reads the connection; the data alone does not.
        source.makeUnreadable([TodoFixtures.listConnection])
        #expect(throws: UnreadableRecordSource.ReadFailed(key: TodoFixtures.listConnection)) {
            try store.writeResult(mutation, data: ListDirectiveStoreTests.added("4"), removingOptimisticLayer: layer)
        }
        source.makeUnreadable([])
        #expect(store.optimisticLayerIDs.isEmpty)
        #expect(try store.read(TodoRow.self, key: "Todo:4").result.get().text == "To-do 4")
        #expect(try store.listIDs() == ["1", "2", "3"])
    }

    @Test("data that does not fit: nothing is written, the guess goes, and the error is thrown")
    func dataThatDoesNotFit() throws {
        let store = try TodoFixtures.store()
        let mutation = Self.rename("1", to: "Real")
        let layer = try store.addOptimisticLayer(for: mutation, response: ["renameTodo": ["todo": ["id": "1", "text": "Guess"]]])
        let ran = Recorder<String>()
        #expect(throws: NormalizationError.self) {
            try store.writeResult(mutation, data: ["renameTodo": ["todo": "not an object"]], removingOptimisticLayer: layer) { _, _ in
                ran.append("updater")
            }
        }
        #expect(ran.values.isEmpty)
        #expect(store.optimisticLayerIDs.isEmpty)
        #expect(try store.read(TodoRow.self, key: "Todo:1").result.get().text == "To-do 1")
    }

    @Test("an optimistic response that does not fit the selections is refused, and no layer is added")
    func invalidResponse() throws {
        let store = try TodoFixtures.store()
        #expect(throws: NormalizationError.self) {
            try store.addOptimisticLayer(for: Self.rename("1", to: "x"), response: ["renameTodo": ["todo": "not an object"]])
        }
        #expect(store.optimisticLayerIDs.isEmpty)
    }

    @Test("a JSON optimistic response may leave fields out; the store keeps what it has")
    func partialJSON() throws {
        let store = try TodoFixtures.store()
        let seen = Recorder<String>()
        try store.addOptimisticLayer(
            for: ChangeTodoStatusMutation(input: .init(complete: true, id: "2", userId: "me")),
            response: ["changeTodoStatus": ["todo": ["id": "2", "complete": true]]],
            updater: { _, data in seen.append(data == nil ? "no data" : "data") }
        )
        #expect(try store.read(TodoRow.self, key: "Todo:2").result.get() == TodoRow(id: "2", text: "To-do 2", complete: true))
        // The response leaves out `user`, which the store does not have: no typed data then.
        #expect(seen.values == ["no data"])
    }
}
