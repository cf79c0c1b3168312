import Graphiti

/// The schema's `Node` interface: objects refetchable by a global ID.
protocol TodoNode: Sendable {
    var id: GraphQLID { get }
}

/// A to-do (GraphQL `Todo`). A snapshot: mutations answer new values.
struct TodoItem: TodoNode {
    let id: GraphQLID
    let text: String
    let complete: Bool
}

/// The one user of the to-do list. Its counts and to-dos are read when the fields resolve,
/// so a mutation's payload shows the state after the mutation.
struct TodoUser: TodoNode {
    static let me = TodoUser()

    let id = GraphQLID(OpaqueCursor.encode(prefix: "User", text: "me"))
    let userId = "me"

    func totalCount(context: TodoContext, arguments: NoArguments) async -> Int {
        await context.store.todos(status: .any).count
    }

    func completedCount(context: TodoContext, arguments: NoArguments) async -> Int {
        await context.store.todos(status: .completed).count
    }
}

/// The `status` argument of `User.todos`.
enum TodoStatusFilter: String, Sendable {
    case any, completed, active

    func includes(_ todo: TodoItem) -> Bool {
        switch self {
        case .any: true
        case .completed: todo.complete
        case .active: !todo.complete
        }
    }
}

/// What the to-do resolvers know about a request.
struct TodoContext: Sendable {
    let store: TodoStore
}
