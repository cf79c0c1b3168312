import ApogeeStore

/// The context key of the options a query's cache read uses.
enum CacheReadOptionsContextKey: RequestContextKey {
    static let defaultValue = CacheReadOptions.default
}

/// The context key of whether a watch fetches again when its data expires.
enum RefetchesOnExpiryContextKey: RequestContextKey {
    static let defaultValue = false
}

extension RequestContext {
    /// How a query reads the store: whether it accepts fields past their expiry time (up to
    /// `CacheReadOptions/maxStale`), and whether it takes partial data. Fresh and complete
    /// data by default, so that a cache policy fetches what is stale or missing.
    ///
    /// ```swift
    /// var context = RequestContext()
    /// context.cacheReadOptions.maxStale = .seconds(3600)
    /// let result = try await client.fetch(query: LaunchListQuery(), context: context)
    /// if result.isStale { showRefreshHint(result.expiredFields) }
    /// ```
    public var cacheReadOptions: CacheReadOptions {
        get { self[CacheReadOptionsContextKey.self] }
        set { self[CacheReadOptionsContextKey.self] = newValue }
    }

    /// Whether a watch sends its query again when data it shows expires, rather than deliver
    /// the data marked stale. Off by default: the watch delivers a result whose
    /// ``GraphQLResult/isStale`` is `true`.
    public var refetchesOnExpiry: Bool {
        get { self[RefetchesOnExpiryContextKey.self] }
        set { self[RefetchesOnExpiryContextKey.self] = newValue }
    }
}
