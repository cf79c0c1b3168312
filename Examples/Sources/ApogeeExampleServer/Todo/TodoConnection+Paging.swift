extension TodoConnection {
    private static let cursorPrefix = "TodoCursor"

    /// The cursor of a to-do. Cursors name a to-do, not a position, so a page boundary
    /// survives to-dos being added or removed elsewhere in the list.
    static func cursor(of todo: TodoItem) -> String {
        OpaqueCursor.encode(prefix: cursorPrefix, value: TodoStore.number(of: todo.id) ?? 0)
    }

    /// Relay's pagination algorithm over `todos` (in list order): `after`/`before` cut the
    /// list, then `first` keeps the head or `last` the tail. Unlike the minimum the Relay spec
    /// asks for, `hasNextPage` and `hasPreviousPage` are exact in both directions.
    static func page(of todos: [TodoItem], first: Int?, after: String?, last: Int?, before: String?) throws -> TodoConnection {
        var lower = 0
        var upper = todos.count
        if let after {
            lower = try position(after: after, in: todos)
        }
        if let before {
            upper = max(lower, try position(before: before, in: todos))
        }
        if let first {
            guard first >= 0 else { throw ResolverError.badInput("first must not be negative.") }
            upper = min(upper, lower + first)
        }
        if let last {
            guard last >= 0 else { throw ResolverError.badInput("last must not be negative.") }
            lower = max(lower, upper - last)
        }
        let page = Array(todos[lower..<upper])
        let edges = page.map { TodoEdge(node: $0, cursor: cursor(of: $0)) }
        return TodoConnection(
            pageInfo: PageInfo(
                hasNextPage: upper < todos.count,
                hasPreviousPage: lower > 0,
                startCursor: edges.first?.cursor,
                endCursor: edges.last?.cursor
            ),
            edges: edges
        )
    }

    /// The index of the first to-do after the one `cursor` names (which may since be gone).
    private static func position(after cursor: String, in todos: [TodoItem]) throws -> Int {
        let number = try number(of: cursor)
        return todos.firstIndex { (TodoStore.number(of: $0.id) ?? 0) > number } ?? todos.count
    }

    /// The index of the to-do `cursor` names, or of the first one after it when it is gone.
    private static func position(before cursor: String, in todos: [TodoItem]) throws -> Int {
        let number = try number(of: cursor)
        return todos.firstIndex { (TodoStore.number(of: $0.id) ?? 0) >= number } ?? todos.count
    }

    private static func number(of cursor: String) throws -> Int {
        guard let number = OpaqueCursor.decode(cursor, prefix: cursorPrefix) else {
            throw ResolverError.badInput("The cursor \"\(cursor)\" is not one this server gave out.")
        }
        return number
    }
}
