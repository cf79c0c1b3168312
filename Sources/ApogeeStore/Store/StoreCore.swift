import ApogeeAPI

/// Everything the store protects with its lock: the base records, the optimistic layers over
/// them, and the watchers. Only ever touched with the lock held.
final class StoreCore: RecordReading {
    var source: any RecordSource
    /// Whether reading keys one at a time costs no more than reading them together: true of
    /// records in memory, where a batch only adds a dictionary to build, and false of a
    /// database, where each read is a query.
    let readsKeysOneByOne: Bool
    let keyPolicy: CacheKeyPolicy
    /// The time expiry is measured with.
    let clock: any CacheClock
    /// The store's own maximum ages, for fields the schema and the server give none.
    let maximumAges: MaximumAges
    var layers = LayerStack()
    var watchers = WatcherRegistry()
    private var nextLayerID = 0
    /// The connection records written so far (fields with `@connection`), which deleting a
    /// record looks through to drop the edges that pointed to it. Gone ones are skipped.
    var knownConnections = Set<CacheKey>()
    /// The item fields of the `@paginated` lists written so far, which deleting a record
    /// looks through to take it out of them, as it does with the edges of connections.
    var knownListPages = Set<FieldKey>()
    /// The `__typename`s of the records, which turn an ID from `@deleteRecord` into record
    /// keys. `nil` until first asked for, so that stores that never delete by ID pay nothing.
    var knownTypenames: Set<String>?
    /// The memory the last read assembled its response in, for the next read.
    var readStorage: JSONDocument.AssemblyStorage?

    init(source: any RecordSource, keyPolicy: CacheKeyPolicy, clock: any CacheClock, maximumAges: MaximumAges) {
        self.source = source
        readsKeysOneByOne = source is InMemoryRecordSource
        self.keyPolicy = keyPolicy
        self.clock = clock
        self.maximumAges = maximumAges
    }

    /// The record as readers outside transactions see it: the base with every layer over it.
    func record(for key: CacheKey) throws -> Record? {
        try record(for: key, throughLayers: layers.count)
    }

    /// The record as seen through the lowest `count` optimistic layers.
    func record(for key: CacheKey, throughLayers count: Int) throws -> Record? {
        let base = try source.record(for: key)
        // Most reads have no layer over the record: the base is handed on, not copied.
        guard count > 0, layers.changes(key) else { return base }
        return layers.apply(to: base, key: key, throughLayers: count)
    }

    /// The records for several keys as seen through the lowest `count` optimistic layers,
    /// the base read in one call so that a persistent source makes one query.
    func records(for keys: [CacheKey], throughLayers count: Int) throws -> [CacheKey: Record] {
        var records = try source.records(for: keys)
        guard count > 0 else { return records }
        for key in keys where layers.changes(key) {
            records[key] = layers.apply(to: records[key], key: key, throughLayers: count)
        }
        return records
    }

    /// Whether any optimistic layer exists.
    var hasOptimisticLayers: Bool { !layers.isEmpty }

    /// Whether an optimistic layer changes the field (or removes its record).
    func hasPendingWrite(_ key: CacheKey, field: String) -> Bool {
        guard layers.changes(key) else { return false }
        for layer in layers {
            if layer.changes.removesAllRecords { return true }
            switch layer.changes.changes[key] {
            case nil:
                continue
            case .removed?:
                return true
            case .patch(let fields, let removed, let replaces)?:
                if replaces || fields[field] != nil || removed.contains(field) { return true }
            }
        }
        return false
    }

    func makeLayerID() -> OptimisticLayerID {
        nextLayerID += 1
        return OptimisticLayerID(rawValue: nextLayerID)
    }

    /// Applies a base transaction, drops the given layers, runs again the remaining layers
    /// whose reads it changed, and brings the affected watchers up to date.
    func commit(_ transaction: CacheTransaction, removingLayers removed: Set<OptimisticLayerID> = []) throws -> CacheChanges {
        let staged = transaction.staged
        try source.apply(staged)
        var changeSets = [staged]
        // Without optimistic layers there is nothing to drop or rebase, and no reason to gather
        // the keys the write changed: for a large response that gathering was a few percent.
        if !layers.isEmpty { changeSets += updateLayers(after: staged, removing: removed) }
        notifyWatchers(of: changeSets)
        return CacheChanges(changeSets, clientIDs: transaction.clientIDs, localValues: transaction.localValues)
    }

    /// Drops the `removed` layers, then runs again the layers whose reads the write `staged`
    /// or the drop changed. Returns what that changed: the dropped layers' change sets, then
    /// each rerun layer's old and new ones.
    private func updateLayers(after staged: RecordChangeSet, removing removed: Set<OptimisticLayerID>) -> [RecordChangeSet] {
        var changeSets: [RecordChangeSet] = []
        var changed = ChangedKeys()
        changed.add(staged)
        var firstStale = staged.isEmpty ? layers.count : 0
        if let position = layers.firstIndex(where: { removed.contains($0.id) }) {
            firstStale = min(firstStale, position)
        }
        for layer in layers.remove(removed) {
            changeSets.append(layer.changes)
            changed.add(layer.changes)
        }
        rebaseLayers(from: firstStale, changed: changed, into: &changeSets)
        return changeSets
    }

    /// Runs again, each over the base and the layers below it, the layers from `start` up
    /// that read a record in `changed`, which grows with what each of them changes in turn.
    /// The others keep their changes: their closures would write the same.
    func rebaseLayers(from start: Int, changed: ChangedKeys, into changeSets: inout [RecordChangeSet]) {
        guard start < layers.count else { return }
        var changed = changed
        for position in start..<layers.count where layers[position].reads.depend(on: changed) {
            let transaction = CacheTransaction(core: self, layersBelow: position, recordingReads: true)
            // A layer whose closure now fails shows nothing, rather than stale or half-made values.
            let succeeded = (try? layers[position].body(transaction)) != nil
            transaction.close()
            let changes = succeeded ? transaction.staged : RecordChangeSet()
            let previous = layers[position].changes
            changed.add(previous)
            changed.add(changes)
            changeSets.append(previous)
            changeSets.append(changes)
            layers.replace(at: position, changes: changes, reads: transaction.reads ?? LayerReads())
        }
    }

    /// Re-reads the watchers that depend on what the change sets touch.
    func notifyWatchers(of changeSets: [RecordChangeSet]) {
        let affected = watchers.affected(by: changeSets)
        guard !affected.isEmpty else { return }
        let changed = ChangedRecords(changeSets)
        for id in affected {
            refreshWatcher(id, changed: changed)
        }
    }

    /// Re-reads one watcher and keeps the registry's index and expiry times in step.
    /// `changed` lists the records changed since its last read, when known.
    func refreshWatcher(_ id: Int, changed: ChangedRecords? = nil) {
        guard let watcher = watchers.watchers[id] else { return }
        let old = watcher.dependencies
        watcher.refresh(from: self, changed: changed)
        watchers.update(id, from: old, to: watcher.dependencies)
        watchers.noteExpiry(of: id, watcher.nextExpiry)
    }
}
