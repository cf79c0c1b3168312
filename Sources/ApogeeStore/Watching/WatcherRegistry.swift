/// The live watchers, indexed by the record fields they depend on.
///
/// A commit looks up only the records it changed, so notifying one watcher among 1,000
/// costs what it costs among 10: nothing scans the list of watchers.
struct WatcherRegistry {
    private(set) var watchers: [Int: any StoreWatcher] = [:]
    /// Record key, then field, then the watchers that read it.
    private var index: [CacheKey: [String: Set<Int>]] = [:]
    /// When each watcher's result changes because a field it read expires, for the watchers
    /// that read such a field (usually none).
    private var expiries: [Int: Int64] = [:]
    /// Set when ``expiries`` changes, so the store reschedules its alarm only then.
    var expiriesChanged = false
    private var nextID = 0

    var isEmpty: Bool { watchers.isEmpty }

    /// Reserves an id for a watcher about to be added.
    mutating func makeID() -> Int {
        nextID += 1
        return nextID
    }

    mutating func add(_ watcher: any StoreWatcher, id: Int) {
        watchers[id] = watcher
        index(id, watcher.dependencies)
        noteExpiry(of: id, watcher.nextExpiry)
    }

    /// Removes a watcher; returns it so the caller can finish it outside the lock.
    mutating func remove(_ id: Int) -> (any StoreWatcher)? {
        guard let watcher = watchers.removeValue(forKey: id) else { return nil }
        unindex(id, watcher.dependencies)
        noteExpiry(of: id, nil)
        return watcher
    }

    mutating func removeAll() -> [any StoreWatcher] {
        let all = Array(watchers.values)
        watchers.removeAll()
        index.removeAll()
        if !expiries.isEmpty {
            expiries.removeAll()
            expiriesChanged = true
        }
        return all
    }

    /// Notes when a watcher's result next changes by expiry.
    mutating func noteExpiry(of id: Int, _ expiry: Int64?) {
        guard expiries[id] != expiry else { return }
        expiries[id] = expiry
        expiriesChanged = true
    }

    /// The earliest time a watcher's result changes by expiry, or `nil`.
    var earliestExpiry: Int64? {
        expiries.values.min()
    }

    /// The watchers whose results have changed by expiry at `now`, in the order they were added.
    func expired(at now: Int64) -> [Int] {
        expiries.filter { $0.value <= now }.map(\.key).sorted()
    }

    /// Moves a watcher in the index after a re-read changed what it depends on. A re-read
    /// of the same shape reads the same fields in the same order, which costs one comparison.
    ///
    /// A re-read that only added fields (a list that grew by a page) indexes those alone: the
    /// fields both reads share are not hashed. One that dropped some compares the whole sets,
    /// since a dropped field may still be read elsewhere.
    mutating func update(_ id: Int, from old: ReadDependencies, to new: ReadDependencies) {
        let (removed, added) = old.differences(from: new)
        if removed.isEmpty {
            index(id, added)
            return
        }
        let oldSet = Set(old)
        let newSet = Set(new)
        unindex(id, oldSet.subtracting(newSet))
        index(id, newSet.subtracting(oldSet))
    }

    /// The watchers that depend on anything the change sets touch, in the order they were added.
    func affected(by changeSets: [RecordChangeSet]) -> [Int] {
        guard !watchers.isEmpty else { return [] }
        if changeSets.contains(where: \.removesAllRecords) {
            return watchers.keys.sorted()
        }
        var ids = Set<Int>()
        for set in changeSets {
            for (key, change) in set.changes {
                guard let fields = index[key] else { continue }
                switch change {
                case .removed, .patch(_, _, true):
                    for watching in fields.values { ids.formUnion(watching) }
                case .patch(let changed, let removed, false):
                    for name in changed.keys { if let watching = fields[name] { ids.formUnion(watching) } }
                    for name in removed { if let watching = fields[name] { ids.formUnion(watching) } }
                }
            }
        }
        return ids.sorted()
    }

    /// Every record some watcher read, which garbage collection keeps.
    var retainedKeys: Dictionary<CacheKey, [String: Set<Int>]>.Keys {
        index.keys
    }

    private mutating func index(_ id: Int, _ keys: some Sequence<FieldKey>) {
        for key in keys {
            index[key.record, default: [:]][key.field, default: []].insert(id)
        }
    }

    private mutating func unindex(_ id: Int, _ keys: some Sequence<FieldKey>) {
        for key in keys {
            // Mutating through the index in place avoids copying the inner dictionaries.
            guard let position = index.index(forKey: key.record) else { continue }
            index.values[position][key.field]?.remove(id)
            if index.values[position][key.field]?.isEmpty == true { index.values[position][key.field] = nil }
            if index.values[position].isEmpty { index.remove(at: position) }
        }
    }
}
