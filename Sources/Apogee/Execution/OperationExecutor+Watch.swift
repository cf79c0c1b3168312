import ApogeeAPI
import ApogeeStore

extension OperationExecutor where Operation: GraphQLQuery {
    /// The results of a watch, in a stream: see ``ApogeeClient/watch(query:cachePolicy:context:)``.
    func watchResults() -> AsyncThrowingStream<OperationResult, any Error> {
        stream { writer in try await self.runWatch { writer.pass($0) } }
    }

    /// Runs a watch until the task is cancelled: the first result as `cachePolicy` says, then a
    /// result each time the store's data for the query changes.
    ///
    /// The store is watched before anything is fetched, so no write is missed. Its stream keeps
    /// only the newest state: while a request is in flight the store may change several times,
    /// and only where it ended up matters. A result equal to what was last delivered (the same
    /// data, staleness and pending writes) is not delivered again, so the server's result is
    /// not echoed back when it reaches the store. When the data stops being available (a
    /// record removed, the store cleared) the query is sent again, once per such change; with
    /// `.returnCacheDataDontFetch` the miss is delivered instead.
    ///
    /// When data the watch shows expires, the watch delivers it marked stale, or, with
    /// ``RequestContext/refetchesOnExpiry``, sends the query again (when the policy fetches).
    /// A change in ``GraphQLResult/hasPendingWrites`` alone is delivered too.
    func runWatch(deliver: (OperationResult) -> Void) async throws {
        guard let cacheStep, writes.toStore else {
            // Nothing is written, so the store has nothing to follow.
            deliver(try await fetchAnswer())
            return
        }
        let cachePolicy = cacheStep.policy
        var watchOptions = CacheReadOptions.acceptingAnyStaleness
        watchOptions.returnsPartialData = context.cacheReadOptions.returnsPartialData
        var changes = client.store.watchReads(operation, options: watchOptions, bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
        guard let initial = await changes.next() else { return }
        var last: WatchedState<Operation.Data>?
        // The expired fields a refetch was sent for: data that comes back already expired
        // (a max-age of 0) is then delivered stale instead of fetched again and again.
        var refetchedFor: [FieldKey]?

        func fetch() async throws {
            let result = try await fetchAnswer()
            deliver(result)
            last = result.data.map { WatchedState(data: $0, expiredFields: [], hasPendingWrites: false) }
        }

        func deliverFromStore(_ result: OperationResult) {
            deliver(result)
            last = result.data.map { WatchedState(data: $0, expiredFields: result.expiredFields, hasPendingWrites: result.hasPendingWrites) }
        }

        if cachePolicy.readsCache, initial.value != nil {
            // The watcher accepts any staleness; the first result takes only what the
            // request's own options accept, as a fetch would, so stale data is read again
            // with them. Fresh data is the watcher's read as it is.
            let first = initial.isStale ? cacheStep.read(context.cacheReadOptions) : ApogeeClient.cacheResult(initial)
            switch client.decide(first, cachePolicy: cachePolicy) {
            case .answered(let result):
                deliverFromStore(result)
            case .fetch(let first):
                if let first { deliverFromStore(first) }
                try await fetch()
            }
        } else if case .failure(let miss) = initial.result, cachePolicy.readsCache, !cachePolicy.fetchesOnMiss {
            deliver(ApogeeClient.cacheResult(Swift.Result<Operation.Data, CacheMiss>.failure(miss)))
        } else {
            try await fetch()
        }

        while let change = await changes.next() {
            switch change.result {
            case .success(let data):
                if change.isStale, context.refetchesOnExpiry, cachePolicy.fetchesOnMiss, refetchedFor != change.expiredFields {
                    refetchedFor = change.expiredFields
                    try await fetch()
                    continue
                }
                let state = WatchedState(data: data, expiredFields: change.expiredFields, hasPendingWrites: change.hasPendingWrites)
                guard state != last else { continue }
                deliverFromStore(ApogeeClient.cacheResult(change))
            case .failure(let miss):
                if cachePolicy.fetchesOnMiss {
                    try await fetch()
                } else {
                    deliver(ApogeeClient.cacheResult(Swift.Result<Operation.Data, CacheMiss>.failure(miss)))
                    last = nil
                }
            }
        }
        try Task.checkCancellation()
    }
}

/// What a watch last delivered, to tell a change from an echo.
private struct WatchedState<Data: Hashable>: Equatable {
    var data: Data
    var expiredFields: [FieldKey]
    var hasPendingWrites: Bool
}
