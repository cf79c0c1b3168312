import Apogee
import TodoAPI

/// The to-do list as a screen would show it: a watch on the list query, read one result at a
/// time, with what changed since the last one. An actor, so that it owns the watch's iterator.
actor ListWatcher {
    private var results: AsyncThrowingStream<GraphQLResult<TodoListQuery.Data>, any Error>.Iterator
    private(set) var current: TodoListQuery.Data?

    init(client: ApogeeClient, query: TodoListQuery) {
        results = client.watch(query: query).makeAsyncIterator()
    }

    /// Waits for the next result the watch delivers and says what changed.
    @discardableResult
    func next() async throws -> [String] {
        // An actor's stored property cannot be passed to an async mutating call; the iterator
        // is a reference to the stream's state, so a copy advances the same stream.
        var iterator = results
        let next = try await iterator.next(isolation: self)
        results = iterator
        guard let result = next else { throw ExampleFailure("the watch ended") }
        guard let data = result.data else { throw ExampleFailure("the list is not readable: \(result.cacheMiss.map { "\($0)" } ?? "no data")") }
        let changes = Self.changes(from: current, to: data)
        current = data
        return changes
    }

    /// The rows as check boxes, one per line.
    var rows: [String] {
        current?.rows.map { "\($0.complete ? "[x]" : "[ ]") \($0.text)" } ?? []
    }

    private static func changes(from old: TodoListQuery.Data?, to new: TodoListQuery.Data) -> [String] {
        guard let old else { return ["\(new.rows.count) to-dos, \(new.user?.completedCount ?? 0) done"] }
        var changes: [String] = []
        let before = Dictionary(old.rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Set(new.rows.map(\.id))
        for row in new.rows {
            guard let previous = before[row.id] else {
                changes.append("added \"\(row.text)\" (id \(row.id))")
                continue
            }
            if previous.complete != row.complete { changes.append("\"\(row.text)\" \(row.complete ? "[ ] → [x]" : "[x] → [ ]")") }
            if previous.text != row.text { changes.append("\"\(previous.text)\" renamed \"\(row.text)\"") }
        }
        for row in old.rows where !after.contains(row.id) {
            changes.append("removed \"\(row.text)\"")
        }
        let (oldDone, newDone) = (old.user?.completedCount, new.user?.completedCount)
        if oldDone != newDone { changes.append("done count \(oldDone.map(String.init) ?? "-") → \(newDone.map(String.init) ?? "-")") }
        let (oldTotal, newTotal) = (old.user?.totalCount, new.user?.totalCount)
        if oldTotal != newTotal { changes.append("total \(oldTotal.map(String.init) ?? "-") → \(newTotal.map(String.init) ?? "-")") }
        return changes
    }
}

extension TodoListQuery.Data {
    /// The to-dos of the list, in order.
    var rows: [TodoRow] {
        user?.todos?.edges?.compactMap { $0?.node?.fragments.todoRow } ?? []
    }
}

/// The story could not go on: the server or the store did something the guide does not expect.
struct ExampleFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
