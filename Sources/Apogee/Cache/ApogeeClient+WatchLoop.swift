import ApogeeAPI
import ApogeeStore

extension ApogeeClient {
    /// Runs a watch until the task is cancelled: the first result as `cachePolicy` says, then a
    /// result each time the store's data for the query changes.
    ///
    /// The store is watched before anything is fetched, so no write is missed. Its stream keeps
    /// only the newest state: while a request is in flight the store may change several times,
    /// and only where it ended up matters. Data equal to what was last delivered is not
    /// delivered again, so the server's result is not echoed back when it reaches the store.
    /// When the data stops being available (a record removed, the store cleared) the query is
    /// sent again, once per such change; with `.returnCacheDataDontFetch` the miss is delivered
    /// instead.
    func runWatch<Query: GraphQLQuery>(
        _ query: Query,
        cachePolicy: CachePolicy,
        context: RequestContext,
        deliver: (GraphQLResult<Query.Data>) -> Void
    ) async throws {
        guard cachePolicy.writesResults else {
            // Nothing is written, so the store has nothing to follow.
            deliver(try await fetchFromServer(query, context: context, writesResult: false))
            return
        }
        var changes = store.watch(query, bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
        guard let initial = await changes.next() else { return }
        var last: Query.Data?

        func fetch() async throws {
            let result = try await fetchFromServer(query, context: context, writesResult: true)
            deliver(result)
            last = result.data
        }

        switch (initial, cachePolicy.readsCache) {
        case (.success(let data), true):
            deliver(Self.cacheResult(.success(data)))
            last = data
            if cachePolicy.fetchesAfterHit { try await fetch() }
        case (.failure(let miss), true) where !cachePolicy.fetchesOnMiss:
            deliver(Self.cacheResult(Query.Data.self, miss: miss))
        default:
            try await fetch()
        }

        while let change = await changes.next() {
            switch change {
            case .success(let data):
                guard data != last else { continue }
                deliver(Self.cacheResult(.success(data)))
                last = data
            case .failure(let miss):
                if cachePolicy.fetchesOnMiss {
                    try await fetch()
                } else {
                    deliver(Self.cacheResult(Query.Data.self, miss: miss))
                    last = nil
                }
            }
        }
        try Task.checkCancellation()
    }

    private static func cacheResult<Data: Sendable>(_ type: Data.Type, miss: CacheMiss) -> GraphQLResult<Data> {
        cacheResult(Result<Data, CacheMiss>.failure(miss))
    }
}
