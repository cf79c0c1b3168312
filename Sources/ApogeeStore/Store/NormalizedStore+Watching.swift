import ApogeeAPI

extension NormalizedStore {
    /// The results of a query as the store changes: the current result at once, then a new
    /// one each time a write changes data the query shows. A miss (after a removal or a
    /// clear, or before the data was ever written) is delivered so the caller can fetch.
    ///
    /// The watcher re-reads only when a field it read changes, delivers only when the data
    /// differs, and is released when the consuming task is cancelled or the stream dropped.
    public func watch<Query: GraphQLQuery>(
        _ query: Query,
        bufferingPolicy: AsyncStream<Result<Query.Data, CacheMiss>>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Result<Query.Data, CacheMiss>> {
        watch(
            Query.Data.self,
            at: .root(for: Query.operationType),
            selections: Query.Data.__selections,
            variables: query.variablesJSON,
            bufferingPolicy: bufferingPolicy
        )
    }

    /// The results of a fragment on the record `key` as the store changes.
    public func watch<F: Fragment>(
        _ fragment: F.Type,
        key: CacheKey,
        variables: JSONObject = [:],
        bufferingPolicy: AsyncStream<Result<F, CacheMiss>>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Result<F, CacheMiss>> {
        watch(F.self, at: key, selections: F.__selections, variables: variables, bufferingPolicy: bufferingPolicy)
    }

    /// Watches any selection set rooted at a record.
    public func watch<Value: SelectionSet>(
        _ type: Value.Type,
        at key: CacheKey,
        selections: [Selection],
        variables: JSONObject,
        bufferingPolicy: AsyncStream<Result<Value, CacheMiss>>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Result<Value, CacheMiss>> {
        let (stream, continuation) = AsyncStream.makeStream(of: Result<Value, CacheMiss>.self, bufferingPolicy: bufferingPolicy)
        let watcher = SelectionWatcher<Value>(
            root: key, selections: selections, variables: variables, options: .default, deliversState: false,
            deliver: { continuation.yield($0.result) }, finish: { continuation.finish() })
        let id = add(watcher)
        continuation.onTermination = { [weak self] _ in
            self?.endedWatchers.withLock { $0.append(id) }
        }
        return stream
    }

    /// The reads of a query as the store changes, with their state: whether the data is stale
    /// and which fields expired, what a partial read lacked, and whether an optimistic layer
    /// covers it. A read is delivered when its data or its state changes, so a screen learns
    /// when its data expires and when its pending writes are confirmed or rolled back.
    public func watchReads<Query: GraphQLQuery>(
        _ query: Query,
        options: CacheReadOptions = .default,
        bufferingPolicy: AsyncStream<CacheRead<Query.Data>>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<CacheRead<Query.Data>> {
        let (stream, continuation) = AsyncStream.makeStream(of: CacheRead<Query.Data>.self, bufferingPolicy: bufferingPolicy)
        let watcher = SelectionWatcher<Query.Data>(
            root: .root(for: Query.operationType), selections: Query.Data.__selections, variables: query.variablesJSON,
            options: options, deliversState: true,
            deliver: { continuation.yield($0) }, finish: { continuation.finish() })
        let id = add(watcher)
        continuation.onTermination = { [weak self] _ in
            self?.endedWatchers.withLock { $0.append(id) }
        }
        return stream
    }

    /// Reads a new watcher's first result and registers it.
    private func add(_ watcher: some StoreWatcher) -> Int {
        withCore { core in
            let id = core.watchers.makeID()
            watcher.refresh(from: core, changed: nil)
            core.watchers.add(watcher, id: id)
            return id
        }
    }

    /// Re-reads the watchers whose data has expired (or gone past what they accept stale).
    func refreshExpiredWatchers() {
        withCore { core in
            for id in core.watchers.expired(at: core.clock.nowMilliseconds) {
                core.refreshWatcher(id)
            }
            // The alarm has rung: set it again even if no watcher's time moved (a clock that
            // woke a little early finds nothing expired yet).
            core.watchers.expiriesChanged = true
        }
    }

    /// How many watchers are live; for tests and diagnostics.
    public var watcherCount: Int {
        withCore { $0.watchers.watchers.count }
    }
}
