import ApogeeAPI
import ApogeeStore

extension ApogeeClient {
    /// A query's result from the store: its data when the store has all of it, otherwise a
    /// result with `nil` data and the miss. A failing record source counts as a miss, so that
    /// the policies that can fetch go to the server instead of failing.
    func cachedResult<Query: GraphQLQuery>(for query: Query, options: CacheReadOptions = .default) -> GraphQLResult<Query.Data> {
        do {
            return Self.cacheResult(try store.read(query, options: options))
        } catch {
            return Self.cacheResult(Result<Query.Data, CacheMiss>.failure(
                CacheMiss(key: .root(for: Query.operationType), field: nil, reason: .sourceFailed(String(describing: error)))))
        }
    }

    /// A result of source `.cache` for what the store read, with the read's state.
    static func cacheResult<Data: Sendable>(_ read: CacheRead<Data>) -> GraphQLResult<Data> {
        var result = cacheResult(read.result)
        result.expiredFields = read.expiredFields
        result.missingPaths = read.missingPaths
        result.hasPendingWrites = read.hasPendingWrites
        // The errors of the failed fields the store read, as the response that wrote them
        // reported them: a result from the store says what a result from the server said.
        if !read.fieldErrors.isEmpty { result.errors = read.fieldErrors }
        return result
    }

    /// A result of source `.cache` for a value or a miss.
    static func cacheResult<Data: Sendable>(_ read: Result<Data, CacheMiss>) -> GraphQLResult<Data> {
        switch read {
        case .success(let data):
            return GraphQLResult(data: data, source: .cache)
        case .failure(let miss):
            var result = GraphQLResult<Data>(data: nil, source: .cache)
            result.cacheMiss = miss
            return result
        }
    }
}
