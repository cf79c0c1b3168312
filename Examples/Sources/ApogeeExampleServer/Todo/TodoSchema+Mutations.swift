import Graphiti

extension TodoSchema {
    /// The mutations' input objects.
    static func inputs() -> [Component<TodoResolver, TodoContext>] {
        [
            Input(AddTodoInput.self) {
                InputField("text", at: \.text)
                InputField("userId", at: \.userId)
                InputField("clientMutationId", at: \.clientMutationId)
            },
            Input(ChangeTodoStatusInput.self) {
                InputField("complete", at: \.complete)
                InputField("id", at: \.id)
                InputField("userId", at: \.userId)
                InputField("clientMutationId", at: \.clientMutationId)
            },
            Input(MarkAllTodosInput.self) {
                InputField("complete", at: \.complete)
                InputField("userId", at: \.userId)
                InputField("clientMutationId", at: \.clientMutationId)
            },
            Input(RemoveCompletedTodosInput.self) {
                InputField("userId", at: \.userId)
                InputField("clientMutationId", at: \.clientMutationId)
            },
            Input(RemoveTodoInput.self) {
                InputField("id", at: \.id)
                InputField("userId", at: \.userId)
                InputField("clientMutationId", at: \.clientMutationId)
            },
            Input(RenameTodoInput.self) {
                InputField("id", at: \.id)
                InputField("text", at: \.text)
                InputField("clientMutationId", at: \.clientMutationId)
            },
        ]
    }

    /// The mutations' payload types.
    static func payloads() -> [Component<TodoResolver, TodoContext>] {
        [
            Type(AddTodoPayload.self) {
                Field("todoEdge", at: \.todoEdge)
                Field("user", at: \.user)
                Field("clientMutationId", at: \.clientMutationId)
            },
            Type(ChangeTodoStatusPayload.self) {
                Field("todo", at: \.todo)
                Field("user", at: \.user)
                Field("clientMutationId", at: \.clientMutationId)
            },
            Type(MarkAllTodosPayload.self) {
                Field("changedTodos", at: \.changedTodos)
                Field("user", at: \.user)
                Field("clientMutationId", at: \.clientMutationId)
            },
            Type(RemoveCompletedTodosPayload.self) {
                Field("deletedTodoIds", at: \.deletedTodoIds)
                Field("user", at: \.user)
                Field("clientMutationId", at: \.clientMutationId)
            },
            Type(RemoveTodoPayload.self) {
                Field("deletedTodoId", at: \.deletedTodoId)
                Field("user", at: \.user)
                Field("clientMutationId", at: \.clientMutationId)
            },
            Type(RenameTodoPayload.self) {
                Field("todo", at: \.todo)
                Field("clientMutationId", at: \.clientMutationId)
            },
        ]
    }
}
