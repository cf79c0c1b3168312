import Apogee
import Foundation
import Observation
import TodoAPI

/// The guide's story, step by step, on the main actor as an app's screen would run it.
@MainActor
struct TodoStory {
    let client: ApogeeClient
    let log = EventLog()
    /// Whether the endpoint is the example server's, which streams lists; another server may
    /// answer `@stream` in one response.
    let streamsLists: Bool

    init(endpoint: URL, streamsLists: Bool = false) {
        client = ApogeeClient(url: endpoint)
        self.streamsLists = streamsLists
    }

    func tell() async throws {
        print("HTTP transport: \(client.transport.map { "\($0)" } ?? "none")")
        log.step(1, "The to-do list")
        let query = TodoListQuery(first: 20)
        _ = try await client.fetch(query: query)
        let list = ListWatcher(client: client, query: query)
        log.event("watcher: \(try await list.next().joined(separator: ", "))")
        for row in await list.rows { print("             \(row)") }
        let rows = await list.current?.rows ?? []
        guard let connection = await list.current?.user?.todos?.__id,
              let unicorn = rows.first(where: { !$0.complete && !$0.text.contains("locked") }),
              let locked = rows.first(where: { $0.text.contains("locked") })
        else { throw ExampleFailure("the list does not look like the example server's") }

        let changeStatus = Mutator<ChangeTodoStatusMutation>(client: client)
        try await toggle(unicorn, with: changeStatus, list: list)
        try await toggleRefused(locked, with: changeStatus, list: list)
        try await add("Walk the unicorn", to: connection, list: list)
        guard let removable = await list.current?.rows.first(where: { !$0.complete && !$0.text.contains("locked") }) else {
            throw ExampleFailure("nothing left to remove")
        }
        try await remove(removable, list: list)

        print("\nThe list now:")
        for row in await list.rows { print("   \(row)") }
        try await streamRows()
        try await pageThroughList(pageSize: 2)
        print("\nThat is the whole story.")
    }

    /// The guide's checkbox: the change shows at once, and the server's answer follows.
    private func toggle(_ todo: TodoRow, with changeStatus: Mutator<ChangeTodoStatusMutation>, list: ListWatcher) async throws {
        log.step(2, "Tick \"\(todo.text)\"")
        changeStatus.commit(id: todo.id, complete: !todo.complete)
        log.action("changeStatus.commit(id:complete:) returned; isInFlight = \(changeStatus.isInFlight)")
        log.event("watcher: \(try await list.next().joined(separator: ", ")) (optimistic: the server has not answered)")
        await Self.waitUntil { !changeStatus.isInFlight }
        guard let answer = changeStatus.data?.changeTodoStatus else { throw ExampleFailure("the toggle failed: \(changeStatus.lastError.map { "\($0)" } ?? "no data")") }
        log.event("server answered: complete = \(answer.todo.complete), \(answer.user.completedCount) done; isInFlight = \(changeStatus.isInFlight)")
        log.event("watcher: \(try await list.next().joined(separator: ", ")) (the server's count replaces the guess)")
    }

    /// A toggle the server refuses: shown at once, then rolled back.
    private func toggleRefused(_ todo: TodoRow, with changeStatus: Mutator<ChangeTodoStatusMutation>, list: ListWatcher) async throws {
        log.step(3, "Tick \"\(todo.text)\", which the server refuses")
        changeStatus.commit(id: todo.id, complete: !todo.complete)
        log.action("changeStatus.commit(id:complete:) returned; isInFlight = \(changeStatus.isInFlight)")
        log.event("watcher: \(try await list.next().joined(separator: ", ")) (optimistic)")
        await Self.waitUntil { !changeStatus.isInFlight }
        let errors = changeStatus.errors?.map { "\($0.code ?? "error"): \($0.message)" } ?? []
        log.event("server answered with \(errors.isEmpty ? "no error" : errors.joined(separator: "; "))")
        log.event("watcher: \(try await list.next().joined(separator: ", ")) (rolled back)")
    }

    /// `@appendEdge`: the new to-do goes at the end of the list, first as a guess.
    private func add(_ text: String, to connection: String, list: ListWatcher) async throws {
        log.step(4, "Add \"\(text)\" with @appendEdge")
        let mutation = AddTodoMutation(input: .init(text: text, userId: "me"), connections: [connection])
        let optimistic: OptimisticResponse<AddTodoMutation.Data> = [
            "addTodo": ["todoEdge": ["cursor": "client:new", "node": ["id": "client:new", "text": .string(text), "complete": false]]],
        ]
        let task = Task { try await client.perform(mutation: mutation, optimisticResponse: optimistic) }
        log.action("client.perform(mutation: AddTodoMutation(…, connections: [__id]), optimisticResponse: …)")
        log.event("watcher: \(try await list.next().joined(separator: ", ")) (optimistic)")
        let result = try await task.value
        guard let added = result.data?.addTodo?.todoEdge.node?.fragments.todoRow else { throw ExampleFailure("the add failed: \(result.errors ?? [])") }
        log.event("server answered: \"\(added.text)\" is \(added.id)")
        log.event("watcher: \(try await list.next().joined(separator: ", ")) (the real edge replaces the guess)")
    }

    /// `@deleteRecord`: the to-do leaves the store, and the list, at once.
    private func remove(_ todo: TodoRow, list: ListWatcher) async throws {
        log.step(5, "Remove \"\(todo.text)\" with @deleteRecord")
        let mutation = RemoveTodoMutation(input: .init(id: todo.id, userId: "me"))
        let task = Task { try await client.perform(mutation: mutation, optimisticResponse: ["removeTodo": ["deletedTodoId": .string(todo.id)]]) }
        log.action("client.perform(mutation: RemoveTodoMutation(…), optimisticResponse: [\"removeTodo\": [\"deletedTodoId\": …]])")
        log.event("watcher: \(try await list.next().joined(separator: ", ")) (optimistic)")
        let result = try await task.value
        guard let removed = result.data?.removeTodo else { throw ExampleFailure("the removal failed: \(result.errors ?? [])") }
        log.event("server answered: deleted \(removed.deletedTodoId); \(removed.user.totalCount) to-dos left")
        log.event("watcher: \(try await list.next().joined(separator: ", ")) (the server's counts)")
    }

    /// `@stream`: the first two rows at once, the others as later payloads bring them; each
    /// payload is a result with every row so far.
    private func streamRows() async throws {
        log.step(6, "The list again, the first rows at once: @stream(initialCount: 2)")
        var counts: [Int] = []
        for try await result in client.fetchResults(query: StreamedTodosQuery(first: 20), cachePolicy: .fetchIgnoringCacheData) {
            let rows = result.data?.user?.todos?.edges?.compactMap { $0?.node?.text } ?? []
            counts.append(rows.count)
            log.event("payload \(counts.count): \(rows.count) row(s)\(result.hasNext ? ", more to come" : ", the list is complete"): \(rows.last ?? "")")
        }
        guard !streamsLists || (counts.count > 1 && counts.first == 2) else { throw ExampleFailure("the list should arrive in parts, the first with 2 rows (got \(counts))") }
    }

    /// Waits, as a view would, until the observed state satisfies `condition`.
    private static func waitUntil(_ condition: @escaping @MainActor () -> Bool) async {
        while !condition() {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                withObservationTracking { _ = condition() } onChange: { continuation.resume() }
            }
        }
    }
}
