import ApogeeAPI
import ApogeeStore

extension NormalizedStore {
    /// Writes the data built from `root` for `operation`, as if the server had answered it, and
    /// returns the store: a test of a watcher, an updater or a cache read starts from known
    /// records in one line.
    ///
    /// ```swift
    /// let store = try NormalizedStore().seeded(LaunchListQuery(), with: QueryBuilder(
    ///     launches: LaunchConnectionBuilder(launches: [LaunchBuilder(id: "25", site: "KSC")])
    /// ))
    /// let file = try SQLiteStore.temporary().makeNormalizedStore().seeded(LaunchListQuery(), with: QueryBuilder())
    /// ```
    /// - Throws: ``TestDataError`` when the builders do not fit the operation, or what the
    ///   store's write throws.
    @discardableResult
    public func seeded<Operation: GraphQLOperation, Root: ObjectBuilder>(
        _ operation: Operation, with root: Root, defaults: TestDataDefaults = TestDataDefaults()
    ) throws -> NormalizedStore {
        try seeded(operation, data: operation.buildData(root, defaults: defaults))
    }

    /// Writes `data` for `operation` and returns the store.
    /// - Throws: What the store's write throws.
    @discardableResult
    public func seeded<Operation: GraphQLOperation>(_ operation: Operation, data: Operation.Data) throws -> NormalizedStore {
        try write(data, for: operation)
        return self
    }
}
