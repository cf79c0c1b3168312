import ApogeeAPI

/// The to-do list of one server instance, so parallel tests never see each other's changes.
///
/// Two ways to make the server say no, for tests of rollback: a to-do whose text contains
/// "locked" cannot be changed, renamed or removed, and ``rejectsMutations`` refuses every
/// mutation.
actor TodoStore {
    private static let idPrefix = "Todo"

    private var items: [TodoItem] = []
    private var nextNumber = 1
    private(set) var rejectsMutations: Bool

    init(rejectsMutations: Bool = false) {
        self.rejectsMutations = rejectsMutations
        self.items = Self.seed.enumerated().map { offset, entry in
            TodoItem(id: Self.id(number: offset + 1), text: entry.text, complete: entry.complete)
        }
        self.nextNumber = Self.seed.count + 1
    }

    /// The to-dos the server starts with; the last is locked so rejection needs no set-up.
    static let seed: [(text: String, complete: Bool)] = [
        ("Taste JavaScript", true),
        ("Buy a unicorn", false),
        ("Learn Swift concurrency", false),
        ("This to-do is locked", false),
    ]

    /// The number inside a to-do's global ID.
    nonisolated static func number(of id: GraphQLID) -> Int? {
        OpaqueCursor.decode(id.rawValue, prefix: idPrefix)
    }

    func setRejectsMutations(_ rejects: Bool) {
        rejectsMutations = rejects
    }

    func todos(status: TodoStatusFilter) -> [TodoItem] {
        items.filter(status.includes)
    }

    func todo(id: GraphQLID) -> TodoItem? {
        items.first { $0.id == id }
    }

    func add(text: String) throws -> TodoItem {
        try checkAccepted()
        let todo = TodoItem(id: makeID(), text: text, complete: false)
        items.append(todo)
        return todo
    }

    /// Replaces the to-do `id` with `change` applied to it; locked to-dos refuse.
    func update(id: GraphQLID, _ change: @Sendable (TodoItem) -> TodoItem) throws -> TodoItem {
        try checkAccepted()
        let index = try changeableIndex(of: id)
        items[index] = change(items[index])
        return items[index]
    }

    func remove(id: GraphQLID) throws -> TodoItem {
        try checkAccepted()
        return items.remove(at: try changeableIndex(of: id))
    }

    /// Sets every unlocked to-do to `complete`; answers those that changed.
    func markAll(complete: Bool) throws -> [TodoItem] {
        try checkAccepted()
        var changed: [TodoItem] = []
        for index in items.indices where items[index].complete != complete && !Self.isLocked(items[index]) {
            items[index] = TodoItem(id: items[index].id, text: items[index].text, complete: complete)
            changed.append(items[index])
        }
        return changed
    }

    /// Removes the completed, unlocked to-dos; answers their IDs.
    func removeCompleted() throws -> [GraphQLID] {
        try checkAccepted()
        let removed = items.filter { $0.complete && !Self.isLocked($0) }
        items.removeAll { $0.complete && !Self.isLocked($0) }
        return removed.map(\.id)
    }

    private func checkAccepted() throws {
        if rejectsMutations {
            throw ResolverError("The server is set to reject to-do mutations.", code: "FORBIDDEN")
        }
    }

    private func changeableIndex(of id: GraphQLID) throws -> Int {
        guard let index = items.firstIndex(where: { $0.id == id }) else {
            throw ResolverError.badInput("There is no to-do with ID \(id).")
        }
        guard !Self.isLocked(items[index]) else {
            throw ResolverError("The to-do \"\(items[index].text)\" is locked and cannot be changed.", code: "FORBIDDEN")
        }
        return index
    }

    private static func isLocked(_ todo: TodoItem) -> Bool {
        todo.text.lowercased().contains("locked")
    }

    private func makeID() -> GraphQLID {
        defer { nextNumber += 1 }
        return Self.id(number: nextNumber)
    }

    private static func id(number: Int) -> GraphQLID {
        GraphQLID(OpaqueCursor.encode(prefix: idPrefix, value: number))
    }
}
