import ApogeeAPI

/// What a cache policy makes of the store's answer, before any request.
enum CacheLookup<Data: Sendable> {
    /// The store answers, and no request follows.
    case answered(GraphQLResult<Data>)
    /// A request follows; `first` is the store's result to deliver before it, if any.
    case fetch(first: GraphQLResult<Data>?)
}

extension ApogeeClient {
    /// What `cachePolicy` makes of a result the store gave, and whether a request must
    /// follow.
    ///
    /// Stale data the read options accepted is a hit. Partial data is delivered where a miss
    /// would be (``CachePolicy/returnCacheDataDontFetch``) and before the server's result
    /// (``CachePolicy/returnCacheDataAndFetch``); for the policy that fetches on a miss, it
    /// is a miss.
    func decide<Data: Sendable>(_ cached: GraphQLResult<Data>, cachePolicy: CachePolicy) -> CacheLookup<Data> {
        if cached.data != nil, cached.missingPaths.isEmpty {
            return cachePolicy.fetchesAfterHit ? .fetch(first: cached) : .answered(cached)
        }
        if cached.data != nil, cachePolicy.fetchesAfterHit {
            return .fetch(first: cached)
        }
        return cachePolicy.fetchesOnMiss ? .fetch(first: nil) : .answered(cached)
    }
}
