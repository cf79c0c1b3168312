import Graphiti

/// The to-do schema of `schemas/todo.graphqls` (the Relay guide's TodoMVC), declared with Graphiti.
enum TodoSchema {
    static func make() throws -> Schema<TodoResolver, TodoContext> {
        // An explicit return turns the result builder off, which lets the parts be arrays.
        try Schema<TodoResolver, TodoContext> { () -> [Component<TodoResolver, TodoContext>] in
            return objectTypes() + inputs() + payloads() + roots()
        }
    }

    private static func objectTypes() -> [Component<TodoResolver, TodoContext>] {
        [
            GraphQLID.scalar(),
            Interface(TodoNode.self, as: "Node") {
                Field("id", at: \.id)
            },
            Type(TodoItem.self, as: "Todo", interfaces: [TodoNode.self]) {
                Field("id", at: \.id)
                Field("text", at: \.text)
                Field("complete", at: \.complete)
            },
            Type(TodoUser.self, as: "User", interfaces: [TodoNode.self]) {
                Field("id", at: \.id)
                Field("userId", at: \.userId)
                Field("todos", at: TodoUser.todos) {
                    Argument("status", at: \.status).defaultValue("any")
                        .description("\"any\", \"completed\" or \"active\".")
                    Argument("after", at: \.after)
                    Argument("first", at: \.first)
                    Argument("before", at: \.before)
                    Argument("last", at: \.last)
                }
                Field("totalCount", at: TodoUser.totalCount)
                Field("completedCount", at: TodoUser.completedCount)
            },
            Type(TodoConnection.self) {
                Field("pageInfo", at: \.pageInfo)
                Field("edges", at: \.edges)
            },
            Type(TodoEdge.self) {
                Field("node", at: \.node)
                Field("cursor", at: \.cursor)
            },
            Type(PageInfo.self) {
                Field("hasNextPage", at: \.hasNextPage)
                Field("hasPreviousPage", at: \.hasPreviousPage)
                Field("startCursor", at: \.startCursor)
                Field("endCursor", at: \.endCursor)
            },
        ]
    }

    private static func roots() -> [Component<TodoResolver, TodoContext>] {
        [
            Query {
                Field("user", at: TodoResolver.user) {
                    Argument("id", at: \.id)
                }
                .description("userId defaults to \"me\".")
                Field("node", at: TodoResolver.node) {
                    Argument("id", at: \.id)
                }
            },
            Mutation {
                Field("addTodo", at: TodoResolver.addTodo) { Argument("input", at: \.input) }
                Field("changeTodoStatus", at: TodoResolver.changeTodoStatus) { Argument("input", at: \.input) }
                Field("markAllTodos", at: TodoResolver.markAllTodos) { Argument("input", at: \.input) }
                Field("removeCompletedTodos", at: TodoResolver.removeCompletedTodos) { Argument("input", at: \.input) }
                Field("removeTodo", at: TodoResolver.removeTodo) { Argument("input", at: \.input) }
                Field("renameTodo", at: TodoResolver.renameTodo) { Argument("input", at: \.input) }
            },
        ]
    }
}
