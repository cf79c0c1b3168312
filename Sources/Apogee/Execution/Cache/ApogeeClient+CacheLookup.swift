import ApogeeAPI

/// What a cache policy makes of the store's answer, before any request.
enum CacheLookup<Data: Sendable> {
    /// The store answers, and no request follows.
    case answered(GraphQLResult<Data>)
    /// A request follows; `first` is the store's result to deliver before it, if any.
    case fetch(first: GraphQLResult<Data>?)
}

extension ApogeeClient {
    /// Reads the store as `cachePolicy` and the read options say, and says whether a request
    /// must follow.
    ///
    /// Stale data the options accept is a hit. Partial data is delivered where a miss would
    /// be (``CachePolicy/returnCacheDataDontFetch``) and before the server's result
    /// (``CachePolicy/returnCacheDataAndFetch``); for the policy that fetches on a miss, it
    /// is a miss.
    func lookUp<Query: GraphQLQuery>(_ query: Query, cachePolicy: CachePolicy, options: CacheReadOptions = .default) -> CacheLookup<Query.Data> {
        guard cachePolicy.readsCache else { return .fetch(first: nil) }
        return decide(cachedResult(for: query, options: options), cachePolicy: cachePolicy)
    }

    /// What `cachePolicy` makes of a result the store gave.
    func decide<Data: Sendable>(_ cached: GraphQLResult<Data>, cachePolicy: CachePolicy) -> CacheLookup<Data> {
        if cached.data != nil, cached.missingPaths.isEmpty {
            return cachePolicy.fetchesAfterHit ? .fetch(first: cached) : .answered(cached)
        }
        if cached.data != nil, cachePolicy.fetchesAfterHit {
            return .fetch(first: cached)
        }
        return cachePolicy.fetchesOnMiss ? .fetch(first: nil) : .answered(cached)
    }

    /// Runs a query as `cachePolicy` says and calls `deliver` with each result, in order: one
    /// result, or two (the store's, then the server's) for `.returnCacheDataAndFetch` on a hit.
    func runQuery<Query: GraphQLQuery>(
        _ query: Query,
        cachePolicy: CachePolicy,
        context: RequestContext,
        deliver: (GraphQLResult<Query.Data>) -> Void
    ) async throws {
        switch lookUp(query, cachePolicy: cachePolicy, options: context.cacheReadOptions) {
        case .answered(let result):
            deliver(result)
        case .fetch(let first):
            if let first { deliver(first) }
            deliver(try await fetchFromServer(query, context: context, writesResult: cachePolicy.writesResults))
        }
    }
}
