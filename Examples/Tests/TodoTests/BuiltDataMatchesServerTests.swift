import Apogee
import ApogeeExampleServer
import ApogeeTesting
import TestSupport
import Testing
import TodoAPI

/// Data built from the generated builders, with the values a server answered, is the same typed
/// data the server's response decodes to: for every Todo operation, over real HTTP.
@Suite("Todo: built data equals the server's")
struct BuiltDataMatchesServerTests {
    @Test("The lists, pages, the streamed list and every mutation")
    func everyOperation() async throws {
        try await withServer { server in
            let client = ApogeeClient(url: server.todoURL)
            let connections: [String] = []

            let add = AddTodoMutation(input: .init(text: "Buy milk", userId: "me"), connections: connections)
            let added = try #require(try await client.perform(mutation: add).data?.addTodo)
            let builtAdd = try add.buildData(MutationBuilder(addTodo: AddTodoPayloadBuilder(
                todoEdge: edge(cursor: added.todoEdge.cursor, node: added.todoEdge.node?.fragments.todoRow),
                user: UserBuilder(id: added.user.id, totalCount: added.user.totalCount))))
            #expect(builtAdd.addTodo == added)
            let milk = try #require(added.todoEdge.node?.fragments.todoRow.id)

            let onTop = AddTodoOnTopMutation(input: .init(text: "Walk the dog", userId: "me"), connections: connections)
            let addedOnTop = try #require(try await client.perform(mutation: onTop).data?.addTodo)
            let builtOnTop = try onTop.buildData(MutationBuilder(addTodo: AddTodoPayloadBuilder(
                todoEdge: edge(cursor: addedOnTop.todoEdge.cursor, node: addedOnTop.todoEdge.node?.fragments.todoRow))))
            #expect(builtOnTop.addTodo == addedOnTop)
            let dog = try #require(addedOnTop.todoEdge.node?.fragments.todoRow.id)

            let change = ChangeTodoStatusMutation(input: .init(complete: true, id: milk, userId: "me"))
            let changed = try #require(try await client.perform(mutation: change).data?.changeTodoStatus)
            let builtChange = try change.buildData(MutationBuilder(changeTodoStatus: ChangeTodoStatusPayloadBuilder(
                todo: TodoBuilder(complete: changed.todo.complete, id: changed.todo.id),
                user: UserBuilder(completedCount: changed.user.completedCount, id: changed.user.id))))
            #expect(builtChange.changeTodoStatus == changed)

            let complete = CompleteTodoMutation(input: .init(complete: true, id: dog, userId: "me"), connections: connections)
            let completed = try #require(try await client.perform(mutation: complete).data?.changeTodoStatus)
            let builtComplete = try complete.buildData(MutationBuilder(changeTodoStatus: ChangeTodoStatusPayloadBuilder(
                todo: TodoBuilder(complete: completed.todo.complete, id: completed.todo.id))))
            #expect(builtComplete.changeTodoStatus == completed)

            let reopen = ReopenTodoMutation(input: .init(complete: false, id: dog, userId: "me"), connections: connections)
            let reopened = try #require(try await client.perform(mutation: reopen).data?.changeTodoStatus)
            let builtReopen = try reopen.buildData(MutationBuilder(changeTodoStatus: ChangeTodoStatusPayloadBuilder(
                todo: TodoBuilder(complete: reopened.todo.complete, id: reopened.todo.id))))
            #expect(builtReopen.changeTodoStatus == reopened)

            let rename = RenameTodoMutation(input: .init(id: dog, text: "Walk the dog twice"))
            let renamed = try #require(try await client.perform(mutation: rename).data?.renameTodo)
            let builtRename = try rename.buildData(MutationBuilder(renameTodo: RenameTodoPayloadBuilder(
                todo: TodoBuilder(id: renamed.todo.id, text: renamed.todo.text))))
            #expect(builtRename.renameTodo == renamed)

            let list = TodoListQuery(first: 10)
            let listed = try #require(try await client.fetch(query: list, cachePolicy: .fetchIgnoringCacheCompletely).data)
            let user = try #require(listed.user)
            let todos = try #require(user.todos)
            #expect(todos.edges?.contains { $0?.node?.fragments.todoRow.id == dog } == true)
            let builtList = try list.buildData(QueryBuilder(user: UserBuilder(
                completedCount: user.completedCount, id: user.id,
                todos: TodoConnectionBuilder(
                    edges: todos.edges.map { $0.map { $0.map { edge(cursor: $0.cursor, node: $0.node?.fragments.todoRow) } } },
                    pageInfo: PageInfoBuilder(endCursor: todos.pageInfo.endCursor, hasNextPage: todos.pageInfo.hasNextPage)),
                totalCount: user.totalCount)))
            #expect(builtList == listed)

            let pages = TodoPagesQuery(first: 1)
            let paged = try #require(try await client.fetch(query: pages, cachePolicy: .fetchIgnoringCacheCompletely).data)
            let pagedTodos = try #require(paged.user?.todos)
            let builtPages = try pages.buildData(QueryBuilder(user: UserBuilder(
                id: paged.user?.id,
                todos: TodoConnectionBuilder(
                    edges: pagedTodos.edges.map { $0.map { $0.map { edge(cursor: $0.cursor, node: $0.node?.fragments.todoRow) } } },
                    pageInfo: PageInfoBuilder(
                        endCursor: pagedTodos.pageInfo.endCursor, hasNextPage: pagedTodos.pageInfo.hasNextPage,
                        hasPreviousPage: pagedTodos.pageInfo.hasPreviousPage, startCursor: pagedTodos.pageInfo.startCursor)))))
            #expect(builtPages == paged)

            let completedList = try #require(try await client.fetch(query: CompletedTodosQuery(), cachePolicy: .fetchIgnoringCacheCompletely).data)
            let completedTodos = try #require(completedList.user?.todos)
            #expect(completedTodos.edges?.contains { $0?.node?.fragments.todoRow.id == milk } == true)
            let builtCompleted = try CompletedTodosQuery().buildData(QueryBuilder(user: UserBuilder(
                id: completedList.user?.id,
                todos: TodoConnectionBuilder(
                    edges: completedTodos.edges.map { $0.map { $0.map { edge(cursor: $0.cursor, node: $0.node?.fragments.todoRow) } } }))))
            #expect(builtCompleted == completedList)

            let streamed = StreamedTodosQuery(first: 3)
            var lastStreamed: StreamedTodosQuery.Data?
            for try await result in client.fetchResults(query: streamed, cachePolicy: .fetchIgnoringCacheCompletely) {
                lastStreamed = result.data
            }
            let streamedUser = try #require(lastStreamed?.user)
            let builtStreamed = try streamed.buildData(QueryBuilder(user: UserBuilder(
                id: streamedUser.id,
                todos: streamedUser.todos.map { todos in
                    TodoConnectionBuilder(edges: todos.edges.map { $0.map { $0.map { edge in
                        TodoEdgeBuilder(cursor: edge.cursor, node: edge.node.map { TodoBuilder(complete: $0.complete, id: $0.id, text: $0.text) })
                    } } })
                })))
            #expect(builtStreamed == lastStreamed)

            let removeEdge = RemoveTodoEdgeMutation(input: .init(id: dog, userId: "me"), connections: connections)
            let removedEdge = try #require(try await client.perform(mutation: removeEdge).data?.removeTodo)
            #expect(try removeEdge.buildData(MutationBuilder(removeTodo: RemoveTodoPayloadBuilder(deletedTodoId: removedEdge.deletedTodoId))).removeTodo == removedEdge)

            let third = try #require(try await client.perform(mutation: AddTodoMutation(input: .init(text: "Call mum", userId: "me"), connections: connections)).data?.addTodo?.todoEdge.node?.fragments.todoRow.id)
            let remove = RemoveTodoMutation(input: .init(id: third, userId: "me"))
            let removed = try #require(try await client.perform(mutation: remove).data?.removeTodo)
            let builtRemove = try remove.buildData(MutationBuilder(removeTodo: RemoveTodoPayloadBuilder(
                deletedTodoId: removed.deletedTodoId,
                user: UserBuilder(completedCount: removed.user.completedCount, id: removed.user.id, totalCount: removed.user.totalCount))))
            #expect(builtRemove.removeTodo == removed)

            let removeCompleted = RemoveCompletedTodosMutation(input: .init(userId: "me"))
            let cleared = try #require(try await client.perform(mutation: removeCompleted).data?.removeCompletedTodos)
            #expect(cleared.deletedTodoIds?.contains(milk) == true)
            let builtCleared = try removeCompleted.buildData(MutationBuilder(removeCompletedTodos: RemoveCompletedTodosPayloadBuilder(
                deletedTodoIds: cleared.deletedTodoIds,
                user: UserBuilder(completedCount: cleared.user.completedCount, id: cleared.user.id, totalCount: cleared.user.totalCount))))
            #expect(builtCleared.removeCompletedTodos == cleared)
        }
    }

    private func edge(cursor: String, node: TodoRow?) -> TodoEdgeBuilder {
        TodoEdgeBuilder(cursor: cursor, node: node.map { TodoBuilder(complete: $0.complete, id: $0.id, text: $0.text) })
    }
}
