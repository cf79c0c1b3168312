extension TodoResolver {
    func addTodo(context: TodoContext, arguments: TodoMutationArguments<AddTodoInput>) async throws -> AddTodoPayload? {
        let input = arguments.input
        let user = try Self.user(input.userId)
        let todo = try await context.store.add(text: input.text)
        let edge = TodoEdge(node: todo, cursor: TodoConnection.cursor(of: todo))
        return AddTodoPayload(todoEdge: edge, user: user, clientMutationId: input.clientMutationId)
    }

    func changeTodoStatus(context: TodoContext, arguments: TodoMutationArguments<ChangeTodoStatusInput>) async throws -> ChangeTodoStatusPayload? {
        let input = arguments.input
        let user = try Self.user(input.userId)
        let todo = try await context.store.update(id: input.id) {
            TodoItem(id: $0.id, text: $0.text, complete: input.complete)
        }
        return ChangeTodoStatusPayload(todo: todo, user: user, clientMutationId: input.clientMutationId)
    }

    func markAllTodos(context: TodoContext, arguments: TodoMutationArguments<MarkAllTodosInput>) async throws -> MarkAllTodosPayload? {
        let input = arguments.input
        let user = try Self.user(input.userId)
        let changed = try await context.store.markAll(complete: input.complete)
        return MarkAllTodosPayload(changedTodos: changed, user: user, clientMutationId: input.clientMutationId)
    }

    func removeCompletedTodos(context: TodoContext, arguments: TodoMutationArguments<RemoveCompletedTodosInput>) async throws -> RemoveCompletedTodosPayload? {
        let input = arguments.input
        let user = try Self.user(input.userId)
        let removed = try await context.store.removeCompleted()
        return RemoveCompletedTodosPayload(deletedTodoIds: removed.map(\.rawValue), user: user, clientMutationId: input.clientMutationId)
    }

    func removeTodo(context: TodoContext, arguments: TodoMutationArguments<RemoveTodoInput>) async throws -> RemoveTodoPayload? {
        let input = arguments.input
        let user = try Self.user(input.userId)
        let removed = try await context.store.remove(id: input.id)
        return RemoveTodoPayload(deletedTodoId: removed.id, user: user, clientMutationId: input.clientMutationId)
    }

    func renameTodo(context: TodoContext, arguments: TodoMutationArguments<RenameTodoInput>) async throws -> RenameTodoPayload? {
        let input = arguments.input
        let todo = try await context.store.update(id: input.id) {
            TodoItem(id: $0.id, text: input.text, complete: $0.complete)
        }
        return RenameTodoPayload(todo: todo, clientMutationId: input.clientMutationId)
    }
}
