/// The root fields of the to-do schema.
struct TodoResolver: Sendable {
    struct UserArguments: Codable, Sendable {
        let id: String?
    }

    func user(context: TodoContext, arguments: UserArguments) -> TodoUser? {
        // The schema says the user ID defaults to "me", the only user there is.
        (arguments.id ?? TodoUser.me.userId) == TodoUser.me.userId ? .me : nil
    }

    struct NodeArguments: Codable, Sendable {
        let id: GraphQLID
    }

    func node(context: TodoContext, arguments: NodeArguments) async -> (any TodoNode)? {
        if arguments.id == TodoUser.me.id { return TodoUser.me }
        return await context.store.todo(id: arguments.id)
    }

    /// Resolves a mutation's `userId`: the user's global ID or its user ID, `"me"`.
    static func user(_ id: GraphQLID) throws -> TodoUser {
        guard id == TodoUser.me.id || id.rawValue == TodoUser.me.userId else {
            throw ResolverError.badInput("There is no user \(id); the only user is \"me\".")
        }
        return .me
    }
}
