import ApogeeAPI

/// The store as an updater function sees it: records by key, the roots, the root fields of
/// the mutation being applied, record creation and deletion, connections, and typed reads and
/// writes through the generated models.
///
/// ```swift
/// try await client.perform(mutation: AddTodoMutation(input: input), updater: { store, data in
///     guard let user = try store.record(for: "User:me"),
///           let todos = try store.connection(on: user, key: "TodoList_todos"),
///           let edge = try store.rootField("addTodo")?.linkedRecord(forField: "todoEdge")
///     else { return }
///     try todos.append(edge: edge)
/// })
/// ```
///
/// A proxy works only inside the updater it is given to: everything it does is part of that
/// updater's transaction (or optimistic layer), applied all together or, if the updater
/// throws, not at all.
public final class StoreProxy {
    /// The transaction the proxy works in, for what the proxy does not offer.
    public let transaction: CacheTransaction
    let operation: OperationRoot?
    /// The first error of a non-throwing accessor (a subscript), rethrown when the updater ends.
    var deferredError: (any Error)?

    /// Wraps a transaction, to use updater-style code in ``NormalizedStore/transaction(_:)``.
    public convenience init(_ transaction: CacheTransaction) {
        self.init(transaction, operation: nil)
    }

    init(_ transaction: CacheTransaction, operation: OperationRoot?) {
        self.transaction = transaction
        self.operation = operation
    }

    /// The record with this key, or `nil` when the store has none.
    public func record(for key: CacheKey) throws -> RecordProxy? {
        try transaction.record(for: key) == nil ? nil : RecordProxy(store: self, key: key)
    }

    /// The `Query` root record, where queries' top-level fields live. It is made when needed.
    public var root: RecordProxy {
        RecordProxy(store: self, key: .queryRoot)
    }

    /// The record that a root field of the operation being applied links to: for a mutation,
    /// `rootField("changeTodoStatus")` is its payload object. Arguments are the operation's.
    /// - Returns: `nil` when the operation has no such field or the field is null or missing.
    public func rootField(_ name: String) throws -> RecordProxy? {
        guard let (root, storageKey) = try rootFieldLocation(name) else { return nil }
        return try RecordProxy(store: self, key: root).linkedRecord(storageKey: storageKey)
    }

    /// The records that a root field of list type links to, in order.
    public func pluralRootField(_ name: String) throws -> [RecordProxy?]? {
        guard let (root, storageKey) = try rootFieldLocation(name) else { return nil }
        return try RecordProxy(store: self, key: root).linkedRecords(storageKey: storageKey)
    }

    private func rootFieldLocation(_ name: String) throws -> (CacheKey, String)? {
        guard let operation, let field = operation.topLevelField(named: name) else { return nil }
        return (operation.key, field.storageKey(with: operation.variables))
    }

    /// Creates a record. Give it the key the server would give the object (`Todo:5`), or use
    /// ``createClientRecord(typename:)`` for a record that only the client knows.
    /// - Throws: ``StoreProxyError/recordExists(_:)`` when the key is taken.
    @discardableResult
    public func create(key: CacheKey, typename: String) throws -> RecordProxy {
        guard try transaction.record(for: key) == nil else { throw StoreProxyError.recordExists(key) }
        try transaction.setField("__typename", to: .scalar(.string(typename)), of: key)
        return RecordProxy(store: self, key: key)
    }

    /// Creates a record with a new key of the form `client:Typename:…`, which no server
    /// object can have.
    @discardableResult
    public func createClientRecord(typename: String) throws -> RecordProxy {
        var generator = SystemRandomNumberGenerator()
        while true {
            let key = CacheKey("client:" + typename + ":" + String(generator.next() as UInt64, radix: 36))
            if try transaction.record(for: key) == nil { return try create(key: key, typename: typename) }
        }
    }

    /// Deletes a record. Readers that showed it miss; the edges that pointed to it are taken
    /// out of every connection the store knows, so lists that showed it stay readable.
    public func delete(_ key: CacheKey) throws {
        try transaction.deleteRecordAndEdges(key)
    }

    /// Deletes the records of an object by its ID, as `@deleteRecord` does: every record whose
    /// key the store's key policy gives for this `id` with one of the types the store holds.
    public func delete(id: String) throws {
        for key in try transaction.recordKeys(forID: id) { try delete(key) }
    }

    /// The connection record with this key: what a connection's `__id` field reads.
    public func connection(_ id: CacheKey) throws -> ConnectionProxy? {
        try transaction.edgeList(of: id) == nil ? nil : ConnectionProxy(store: self, key: id)
    }

    /// The connection that `@connection(key:)` stores on a field of `record`, for the given
    /// filter arguments (the field's arguments other than the pagination ones).
    public func connection(on record: RecordProxy, key: String, filters: JSONObject = [:]) throws -> ConnectionProxy? {
        try connection(ConnectionRecords.connectionID(parent: record.key, key: key, filters: filters))
    }

    /// Rethrows the first error of a non-throwing accessor, once the updater has run.
    func finish() throws {
        if let deferredError { throw deferredError }
    }

    /// Runs a non-throwing accessor's work, keeping its first error for ``finish()``.
    func deferring<Value>(_ fallback: Value, _ body: () throws -> Value) -> Value {
        do {
            return try body()
        } catch {
            if deferredError == nil { deferredError = error }
            return fallback
        }
    }
}

/// Where an operation's root fields live, for ``StoreProxy/rootField(_:)``.
struct OperationRoot {
    let key: CacheKey
    let selections: [Selection]
    let variables: JSONObject

    init<Operation: GraphQLOperation>(_ operation: Operation) {
        key = .root(for: Operation.operationType)
        selections = Operation.Data.__selections
        variables = operation.variablesJSON
    }

    /// The top-level field with this response key, or else with this schema name.
    func topLevelField(named name: String) -> Selection.Field? {
        var byName: Selection.Field?
        func search(_ selections: [Selection]) -> Selection.Field? {
            for selection in selections {
                switch selection {
                case .field(let field):
                    if field.responseKey == name { return field }
                    if field.name == name, byName == nil { byName = field }
                case .inlineFragment(let fragment):
                    if let found = search(fragment.selections) { return found }
                case .fragmentSpread(let spread):
                    if let found = search(spread.selections) { return found }
                }
            }
            return nil
        }
        return search(selections) ?? byName
    }
}
