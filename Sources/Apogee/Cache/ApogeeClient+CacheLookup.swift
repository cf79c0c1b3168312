import ApogeeAPI

/// What a cache policy makes of the store's answer, before any request.
enum CacheLookup<Data: Sendable> {
    /// The store answers, and no request follows.
    case answered(GraphQLResult<Data>)
    /// A request follows; `first` is the store's result to deliver before it, if any.
    case fetch(first: GraphQLResult<Data>?)
}

extension ApogeeClient {
    /// Reads the store as `cachePolicy` says, and says whether a request must follow.
    func lookUp<Query: GraphQLQuery>(_ query: Query, cachePolicy: CachePolicy) -> CacheLookup<Query.Data> {
        guard cachePolicy.readsCache else { return .fetch(first: nil) }
        let cached = cachedResult(for: query)
        if cached.data != nil {
            return cachePolicy.fetchesAfterHit ? .fetch(first: cached) : .answered(cached)
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
        switch lookUp(query, cachePolicy: cachePolicy) {
        case .answered(let result):
            deliver(result)
        case .fetch(let first):
            if let first { deliver(first) }
            deliver(try await fetchFromServer(query, context: context, writesResult: cachePolicy.writesResults))
        }
    }
}
