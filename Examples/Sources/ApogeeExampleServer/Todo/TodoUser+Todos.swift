extension TodoUser {
    struct TodosArguments: Codable, Sendable {
        let status: String?
        let after: String?
        let first: Int?
        let before: String?
        let last: Int?
    }

    func todos(context: TodoContext, arguments: TodosArguments) async throws -> TodoConnection? {
        let statusName = arguments.status ?? TodoStatusFilter.any.rawValue
        guard let status = TodoStatusFilter(rawValue: statusName) else {
            throw ResolverError.badInput("status must be \"any\", \"completed\" or \"active\", not \"\(statusName)\".")
        }
        return try TodoConnection.page(
            of: await context.store.todos(status: status),
            first: arguments.first,
            after: arguments.after,
            last: arguments.last,
            before: arguments.before
        )
    }
}
