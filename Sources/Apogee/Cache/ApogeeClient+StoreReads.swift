import ApogeeAPI
import ApogeeStore

extension ApogeeClient {
    /// A query's result from the store: its data when the store has all of it, otherwise a
    /// result with `nil` data and the miss. A failing record source counts as a miss, so that
    /// the policies that can fetch go to the server instead of failing.
    func cachedResult<Query: GraphQLQuery>(for query: Query) -> GraphQLResult<Query.Data> {
        let read: Result<Query.Data, CacheMiss>
        do {
            read = try store.read(query).result
        } catch {
            read = .failure(CacheMiss(key: .root(for: Query.operationType), field: nil, reason: .sourceFailed(String(describing: error))))
        }
        return Self.cacheResult(read)
    }

    /// A result of source `.cache` for what the store read.
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
