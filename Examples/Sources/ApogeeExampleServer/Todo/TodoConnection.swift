/// A Relay connection of to-dos (GraphQL `TodoConnection`).
struct TodoConnection: Sendable {
    let pageInfo: PageInfo
    let edges: [TodoEdge?]?
}

/// One to-do of a connection with its cursor.
struct TodoEdge: Sendable {
    let node: TodoItem?
    let cursor: String
}

/// Where a page sits in the whole list.
struct PageInfo: Sendable {
    let hasNextPage: Bool
    let hasPreviousPage: Bool
    let startCursor: String?
    let endCursor: String?
}
