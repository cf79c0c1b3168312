/// The input objects of the to-do mutations. `userId` takes `"me"` or the user's global ID.
struct AddTodoInput: Codable, Sendable {
    let text: String
    let userId: GraphQLID
    let clientMutationId: String?
}

struct ChangeTodoStatusInput: Codable, Sendable {
    let complete: Bool
    let id: GraphQLID
    let userId: GraphQLID
    let clientMutationId: String?
}

struct MarkAllTodosInput: Codable, Sendable {
    let complete: Bool
    let userId: GraphQLID
    let clientMutationId: String?
}

struct RemoveCompletedTodosInput: Codable, Sendable {
    let userId: GraphQLID
    let clientMutationId: String?
}

struct RemoveTodoInput: Codable, Sendable {
    let id: GraphQLID
    let userId: GraphQLID
    let clientMutationId: String?
}

struct RenameTodoInput: Codable, Sendable {
    let id: GraphQLID
    let text: String
    let clientMutationId: String?
}

/// Every mutation takes a single `input` argument, as Relay mutations do.
struct TodoMutationArguments<Input: Codable & Sendable>: Codable, Sendable {
    let input: Input
}

/// The payloads: each echoes `clientMutationId` and carries the user so counts refresh.
struct AddTodoPayload: Sendable {
    let todoEdge: TodoEdge
    let user: TodoUser
    let clientMutationId: String?
}

struct ChangeTodoStatusPayload: Sendable {
    let todo: TodoItem
    let user: TodoUser
    let clientMutationId: String?
}

struct MarkAllTodosPayload: Sendable {
    let changedTodos: [TodoItem]?
    let user: TodoUser
    let clientMutationId: String?
}

struct RemoveCompletedTodosPayload: Sendable {
    let deletedTodoIds: [String]?
    let user: TodoUser
    let clientMutationId: String?
}

struct RemoveTodoPayload: Sendable {
    let deletedTodoId: GraphQLID
    let user: TodoUser
    let clientMutationId: String?
}

struct RenameTodoPayload: Sendable {
    let todo: TodoItem
    let clientMutationId: String?
}
