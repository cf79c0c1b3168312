/// Where a query's result comes from: the store, the server, or both. The names are the ones
/// Apollo iOS users know.
///
/// Whatever the policy, a result from the store has ``GraphQLResult/source`` `.cache` and one
/// from the server `.server`. Mutations have no policy: they always go to the server and their
/// result is always written into the store.
///
/// ```swift
/// let cached = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
/// let fresh = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .fetchIgnoringCacheData)
/// ```
public enum CachePolicy: Sendable, Hashable, CaseIterable {
    /// The store's data when it has all of it; otherwise the server's, which is written into
    /// the store. The default.
    case returnCacheDataElseFetch
    /// The server's data, whatever the store has; the result is written into the store, so
    /// watchers of the same records see it. Apollo iOS's "forced reload".
    case fetchIgnoringCacheData
    /// The server's data; the store is neither read nor written.
    case fetchIgnoringCacheCompletely
    /// The store's data, never a request. When the store does not have all of it, the result
    /// has `nil` data, no errors, source `.cache`, and ``GraphQLResult/cacheMiss`` says what was
    /// missing (as Apollo iOS, a miss is a result, not a thrown error).
    case returnCacheDataDontFetch
    /// The store's data at once when it has all of it, then the server's (written into the
    /// store). Two results, so use it with ``ApogeeClient/fetchResults(query:cachePolicy:context:)``,
    /// a watch, or the completion-handler `fetch`, which calls its handler twice. On a miss
    /// there is one result, the server's.
    case returnCacheDataAndFetch

    /// The policy used when none is given: ``returnCacheDataElseFetch``.
    public static let `default` = CachePolicy.returnCacheDataElseFetch
}

extension CachePolicy {
    /// Whether the store is read before (or instead of) a request.
    var readsCache: Bool {
        switch self {
        case .returnCacheDataElseFetch, .returnCacheDataDontFetch, .returnCacheDataAndFetch: true
        case .fetchIgnoringCacheData, .fetchIgnoringCacheCompletely: false
        }
    }

    /// Whether a request follows a complete result from the store.
    var fetchesAfterHit: Bool {
        self == .returnCacheDataAndFetch
    }

    /// Whether a request is made when the store misses (or is not read).
    var fetchesOnMiss: Bool {
        self != .returnCacheDataDontFetch
    }

    /// Whether the server's result is written into the store.
    var writesResults: Bool {
        self != .fetchIgnoringCacheCompletely
    }
}
