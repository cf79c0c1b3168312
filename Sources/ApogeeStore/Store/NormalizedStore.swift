import ApogeeAPI

/// The normalized cache: response data split into records by cache key, read back into the
/// generated `Data` types, kept up to date in watchers, and changed in atomic transactions.
///
/// The store is a final class behind a lock rather than an actor: every call is synchronous
/// and short, so callers on any thread or task pay no hop, and a write has notified every
/// affected watcher by the time it returns. Do not call the store from inside a transaction's
/// closure: the closure runs with the lock held; use the transaction it is given.
///
/// ## Topics
/// ### Reading and writing
/// - ``read(_:options:)``
/// - ``write(data:for:)-(JSONObject,_)``
/// - ``write(data:for:)-(JSONDocument.Value,_)``
/// - ``transaction(_:)``
/// ### Watching
/// - ``watch(_:bufferingPolicy:)``
/// - ``watchReads(_:options:bufferingPolicy:)``
/// ### Collecting garbage
/// - ``gc()``
/// - ``removeStaleFields(maxStale:)``
/// - ``removeDanglingReferences()``
/// ### Optimistic layers
/// - ``addOptimisticLayer(_:)``
/// - ``removeOptimisticLayer(_:)``
public final class NormalizedStore: Sendable {
    private let state: StoreLock<StoreCore>
    /// Watchers whose streams ended, removed at the next call. A stream ends on whatever
    /// thread cancels its task, possibly one inside a transaction holding `state`, so the
    /// termination handler only takes this second, never-nested lock.
    let endedWatchers = StoreLock<[Int]>([])

    /// Wakes watchers when what they show expires.
    let expiryAlarm: ExpiryAlarm

    /// Creates a store over a record source (in memory by default).
    /// - Parameters:
    ///   - source: Where the base records live.
    ///   - keyPolicy: How objects are given cache keys.
    ///   - maximumAges: How long fields stay fresh when neither the schema (`@cacheControl`)
    ///     nor the server (`Cache-Control: max-age`) says, by `"Type"` or `"Type.field"`.
    ///   - clock: The time expiry is measured with; replace it in tests.
    public init(
        source: sending some RecordSource = InMemoryRecordSource(),
        keyPolicy: CacheKeyPolicy = .default,
        maximumAges: [String: Duration] = [:],
        clock: any CacheClock = SystemCacheClock()
    ) {
        state = StoreLock(StoreCore(source: source, keyPolicy: keyPolicy, clock: clock, maximumAges: MaximumAges(maximumAges)))
        expiryAlarm = ExpiryAlarm(clock: clock)
    }

    /// Runs `body` with the store's state locked, after dropping watchers whose streams ended.
    func withCore<Result>(_ body: (StoreCore) throws -> Result) rethrows -> Result {
        try state.withLock { core in
            let ended = endedWatchers.withLock { ids in
                defer { ids.removeAll() }
                return ids
            }
            for id in ended { _ = core.watchers.remove(id) }
            defer { scheduleExpiryAlarm(core) }
            return try body(core)
        }
    }

    /// Sets the alarm for the earliest time a watcher's data expires, when that changed.
    private func scheduleExpiryAlarm(_ core: StoreCore) {
        guard core.watchers.expiriesChanged else { return }
        core.watchers.expiriesChanged = false
        expiryAlarm.set(core.watchers.earliestExpiry) { [weak self] in
            self?.refreshExpiredWatchers()
        }
    }

    deinit {
        // Watchers' streams end with the store; finishing them outside the lock lets their
        // termination handlers run freely.
        let watchers = withCore { $0.watchers.removeAll() }
        for watcher in watchers { watcher.finish() }
    }

    /// Runs `body` in a transaction over the base records and commits it atomically: if
    /// `body` throws, nothing it did is applied. Watchers are notified once, after the commit.
    ///
    /// The closure runs with the store's lock held: it must not call the store itself.
    @discardableResult
    public func transaction<Result>(_ body: (CacheTransaction) throws -> Result) throws -> Result {
        try transaction(removingOptimisticLayers: [], body).result
    }

    /// Runs a transaction that also removes optimistic layers, so that the real result of a
    /// mutation replaces its optimistic one in a single notification. Returns the closure's
    /// result and what changed.
    public func transaction<Result>(
        removingOptimisticLayers layers: Set<OptimisticLayerID>,
        _ body: (CacheTransaction) throws -> Result
    ) throws -> (result: Result, changes: CacheChanges) {
        try withCore { core in
            let transaction = CacheTransaction(core: core, layersBelow: 0)
            defer { transaction.close() }
            let result = try body(transaction)
            transaction.close()
            let changes = try core.commit(transaction, removingLayers: layers)
            return (result, changes)
        }
    }

    /// The record as readers see it (with optimistic layers), or `nil` when there is none.
    public func record(for key: CacheKey) throws -> Record? {
        try withCore { try $0.record(for: key) }
    }

    /// How many records the base holds.
    public func recordCount() throws -> Int {
        try withCore { try $0.source.count() }
    }
}
