import ApogeeAPI

extension NormalizedStore {
    /// Reads an operation's data from the store, with optimistic layers applied.
    ///
    /// By default a field missing anywhere, or past its expiry time, makes the whole read a
    /// miss (``CacheRead/miss``), never a partial or wrong value; `options` can accept stale
    /// fields and partial data. The result also lists the fields the read depended on, and
    /// says whether an optimistic layer covers what it read (``CacheRead/hasPendingWrites``).
    /// - Throws: Only when the record source fails.
    public func read<Operation: GraphQLOperation>(_ operation: Operation, options: CacheReadOptions = .default) throws -> CacheRead<Operation.Data> {
        try read(
            Operation.Data.self,
            at: .root(for: Operation.operationType),
            selections: Operation.Data.__selections,
            variables: operation.variablesJSON,
            options: options
        )
    }

    /// Reads a fragment from the record `key`, with optimistic layers applied.
    /// - Throws: Only when the record source fails.
    public func read<F: Fragment>(_ fragment: F.Type, key: CacheKey, variables: JSONObject = [:], options: CacheReadOptions = .default) throws -> CacheRead<F> {
        try read(F.self, at: key, selections: F.__selections, variables: variables, options: options)
    }

    /// Reads any selection set rooted at a record.
    public func read<Value: SelectionSet>(
        _ type: Value.Type,
        at key: CacheKey,
        selections: [Selection],
        variables: JSONObject,
        options: CacheReadOptions = .default
    ) throws -> CacheRead<Value> {
        try withCore { core in
            try Self.read(type, at: key, selections: selections, variables: variables, options: options, from: core)
        }
    }

    static func read<Value: SelectionSet>(
        _ type: Value.Type,
        at key: CacheKey,
        selections: [Selection],
        variables: JSONObject,
        options: CacheReadOptions,
        from core: StoreCore,
        listMemory: ListMemory? = nil,
        changedRecords: ChangedRecords? = nil
    ) throws -> CacheRead<Value> {
        var storage = core.readStorage.take() ?? JSONDocument.AssemblyStorage()
        let read: CacheRead<Value>
        do {
            var reader = SelectionReader(
                records: core, variables: variables, options: options, now: core.clock.nowMilliseconds, storage: storage,
                listMemory: listMemory, changedRecords: changedRecords)
            read = try CacheRead(reading: type, from: key, selections: selections, with: &reader)
        }
        // Once the read's document is gone, its memory serves the next read: a large query read
        // again and again (a watcher's) then takes no fresh pages from the system each time.
        if isKnownUniquelyReferenced(&storage) {
            storage.reset()
            core.readStorage = storage
        }
        return read
    }
}
