import ApogeeAPI

extension NormalizedStore {
    /// Reads an operation's data from the store, with optimistic layers applied.
    ///
    /// A field missing anywhere makes the whole read a miss (``CacheRead/miss``), never a
    /// partial or wrong value. The result also lists the fields the read depended on.
    /// - Throws: Only when the record source fails.
    public func read<Operation: GraphQLOperation>(_ operation: Operation) throws -> CacheRead<Operation.Data> {
        try read(
            Operation.Data.self,
            at: .root(for: Operation.operationType),
            selections: Operation.Data.__selections,
            variables: operation.variablesJSON
        )
    }

    /// Reads a fragment from the record `key`, with optimistic layers applied.
    /// - Throws: Only when the record source fails.
    public func read<F: Fragment>(_ fragment: F.Type, key: CacheKey, variables: JSONObject = [:]) throws -> CacheRead<F> {
        try read(F.self, at: key, selections: F.__selections, variables: variables)
    }

    /// Reads any selection set rooted at a record.
    public func read<Value: SelectionSet>(
        _ type: Value.Type,
        at key: CacheKey,
        selections: [Selection],
        variables: JSONObject
    ) throws -> CacheRead<Value> {
        try withCore { core in
            try Self.read(type, at: key, selections: selections, variables: variables, from: core)
        }
    }

    static func read<Value: SelectionSet>(
        _ type: Value.Type,
        at key: CacheKey,
        selections: [Selection],
        variables: JSONObject,
        from core: StoreCore
    ) throws -> CacheRead<Value> {
        var reader = SelectionReader(records: core, variables: variables)
        do {
            let value = try reader.read(type, from: key, selections: selections)
            return CacheRead(result: .success(value), dependencyList: reader.dependencies)
        } catch let miss as CacheMiss {
            return CacheRead(result: .failure(miss), dependencyList: reader.dependencies)
        }
    }
}
