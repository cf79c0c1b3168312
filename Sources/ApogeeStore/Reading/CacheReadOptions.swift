/// How a read treats what the store has only in part: fields past their expiry time, and
/// fields it lacks.
///
/// By default a read gives fresh data or a miss, as a cache policy needs to decide whether to
/// fetch. A screen that would rather show old data than nothing accepts stale fields with
/// ``maxStale``; one that shows what it can while the rest loads asks for partial data.
public struct CacheReadOptions: Sendable, Hashable {
    /// How long past its expiry time a field may still be read; the read is then marked
    /// stale (``CacheRead/isStale``) and lists the field (``CacheRead/expiredFields``).
    /// `nil`, the default, reads an expired field as missing.
    public var maxStale: Duration?
    /// Whether a read that misses fields still gives what it has: a missing field reads as
    /// `null` where the generated type allows it (a missing non-null field makes its nearest
    /// nullable parent `null`, as a GraphQL error would), and ``CacheRead/missingPaths`` lists
    /// what was missing. Off by default: a miss anywhere makes the whole read a miss.
    public var returnsPartialData: Bool

    /// Options for a read; by default fresh and complete data, or a miss.
    public init(maxStale: Duration? = nil, returnsPartialData: Bool = false) {
        self.maxStale = maxStale
        self.returnsPartialData = returnsPartialData
    }

    /// Fresh and complete data, or a miss.
    public static let `default` = CacheReadOptions()

    /// Accepts fields however long ago they expired: what a watcher reads, so that it can say
    /// its data went stale rather than lose it.
    package static let acceptingAnyStaleness = CacheReadOptions(maxStale: .seconds(Int64.max / 1_000_000))

    /// ``maxStale`` in milliseconds, the unit of expiry times.
    var maxStaleMilliseconds: Int64? {
        maxStale?.wholeMilliseconds
    }
}
