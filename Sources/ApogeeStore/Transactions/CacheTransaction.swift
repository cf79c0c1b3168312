import ApogeeAPI

/// A set of reads and writes that the store applies atomically: all of them, or none if the
/// closure throws, with watchers notified once for everything it changed.
///
/// A transaction is handed to the closure of ``NormalizedStore/transaction(_:)`` (or of an
/// optimistic layer) and works only inside it. Reads see the store's base records with the
/// transaction's own writes; optimistic layers are not seen, so that a real result written
/// here never bakes a guess into the base.
public final class CacheTransaction {
    unowned let core: StoreCore
    /// How many optimistic layers this transaction reads through: none for a base
    /// transaction, the layers below it for a layer's own.
    let layersBelow: Int
    var staged = RecordChangeSet()
    /// The record keys of the objects whose `__id` an operation written here selects, by
    /// response path; see ``CacheChanges/clientIDs``.
    var clientIDs: [ResponsePath: CacheKey] = [:]
    /// What gives the fields written here their expiry times.
    var lifetimes = Lifetimes()
    /// The local fields server results written here left unwritten, by response path; read
    /// into ``localValues`` once the result is in (`CacheTransaction+LocalFields.swift`).
    var keptLocalFields: [ResponsePath: LocalFieldRead] = [:]
    /// The store's values of those local fields; see ``CacheChanges/localValues``.
    var localValues: [ResponsePath: JSONValue] = [:]
    /// What an optimistic layer's transaction read, for the rebase; `nil` in a base
    /// transaction, which pays nothing for it.
    var reads: LayerReads?
    private var isOpen = true

    init(core: StoreCore, layersBelow: Int, recordingReads: Bool = false) {
        self.core = core
        self.layersBelow = layersBelow
        self.reads = recordingReads ? LayerReads() : nil
    }

    func close() {
        isOpen = false
    }

    func checkOpen() throws(CacheTransactionError) {
        guard isOpen else { throw .closed }
    }

    /// The key policy of the store.
    public var keyPolicy: CacheKeyPolicy { core.keyPolicy }

    /// The record as this transaction sees it, or `nil` when there is none.
    public func record(for key: CacheKey) throws -> Record? {
        try checkOpen()
        return try lookUp(key)
    }

    /// Up to how many records a merge into memory looks up one at a time.
    static let recordsLookedUpOneByOne = 8

    /// Merges normalized fields into the staged changes, keeping only values that differ
    /// from what the transaction already sees, so unchanged data wakes no watcher.
    ///
    /// A field with an age is written again even when its value is the same, since the write
    /// renews it: its new expiry time is part of what changes.
    func merge(_ records: NormalizedRecords) throws {
        // A small event's few records are cheaper to look up in memory one by one than to
        // gather into a dictionary first (two mallocs fewer for a subscription event); a large
        // response gains nothing measurable from it and pays a call per key.
        let batch = core.readsKeysOneByOne && records.count <= Self.recordsLookedUpOneByOne ? nil : try lookUp(Array(records.keys))
        let stamps = stampsExpiry
        let now = stamps ? core.clock.nowMilliseconds : 0
        let covered = stamps ? coveredTypes : []
        staged.reserveCapacity(forMore: records.count)
        for (key, fields) in records {
            let current: Record?
            if let batch {
                current = batch[key]
            } else {
                current = try lookUp(key)
            }
            var deadlines: [String: Int64]?
            if stamps {
                let typename = fields["__typename"]?.typename ?? current?.typename ?? key.impliedTypename
                if covered == nil || typename.map({ covered?.containsName($0) == true }) == true {
                    deadlines = self.deadlines(for: fields.keys, typename: typename, now: now)
                }
            }
            guard let current else {
                core.noteNewRecord(fields)
                staged.set(fields, of: key)
                if let deadlines { staged.setExpirations(deadlines, of: key) }
                continue
            }
            var changed = [String: RecordValue]()
            if deadlines == nil && current.expirations.isEmpty {
                for (name, value) in fields where current.fields[name] != value {
                    changed[name] = value
                }
            } else {
                for (name, value) in fields where current.fields[name] != value || current.expirations[name] != deadlines?[name] {
                    changed[name] = value
                }
            }
            guard !changed.isEmpty else { continue }
            staged.set(changed, of: key)
            if let deadlines { staged.setExpirations(deadlines.filter { changed[$0.key] != nil }, of: key) }
        }
    }

    /// Normalizes response data of the type `declaredType` under `key` and stages it, keying
    /// objects by the store's key policy and then by the keys the schema declares.
    /// With `collectsClientIDs`, the keys of objects whose `__id` is selected are noted in
    /// ``clientIDs``, by path from `object`; `localFields` says whether local fields are
    /// written or kept (and noted in ``keptLocalFields``).
    func write<JSON: ResponseJSON>(
        _ object: JSON,
        at key: CacheKey,
        declaredType: String,
        selections: [Selection],
        declaredKeyFields: [String: [String]],
        variables: JSONObject,
        collectsClientIDs: Bool = false,
        localFields: LocalFieldWrites = .written
    ) throws {
        try checkOpen()
        guard object.isObject else {
            throw NormalizationError(key: key, field: "", expected: "an object", found: object.kindDescription)
        }
        var normalizer = Normalizer(
            variables: variables, keyPolicy: core.keyPolicy, declaredKeyFields: declaredKeyFields, collectsClientIDs: collectsClientIDs,
            localFields: localFields, expectedRecords: object.objectCount)
        try normalizer.normalize(object, as: key, selections: selections, declaredType: declaredType)
        if collectsClientIDs { clientIDs.merge(normalizer.clientIDs) { _, new in new } }
        if localFields == .keptAndNoted { keptLocalFields.merge(normalizer.keptLocalFields) { _, new in new } }
        guard !normalizer.connections.isEmpty || !normalizer.listPages.isEmpty else { return try merge(normalizer.records) }
        var records = normalizer.records
        if !normalizer.connections.isEmpty {
            try mergeConnectionPages(normalizer.connections, into: &records)
            core.knownConnections.formUnion(normalizer.connections.keys)
        }
        try mergeListPages(normalizer.listPages, into: &records)
        try merge(records)
    }

    /// Reads a selection set rooted at `key` as this transaction sees it.
    func read<Value: SelectionSet>(_ type: Value.Type, at key: CacheKey, selections: [Selection], variables: JSONObject) throws -> CacheRead<Value> {
        try checkOpen()
        // An updater works on what the store has, fresh or not: expiry is for deciding
        // whether to fetch, not for hiding data from the code that changes it.
        var reader = SelectionReader(records: self, variables: variables, options: .acceptingAnyStaleness, now: core.clock.nowMilliseconds)
        return try CacheRead(reading: type, from: key, selections: selections, with: &reader)
    }
}

extension CacheTransaction: RecordReading {
    /// A transaction reads the base and its own writes, which are pending by nature; it does
    /// not report layers.
    func hasPendingWrite(_ key: CacheKey, field: String) -> Bool { false }
    var hasOptimisticLayers: Bool { false }

    func lookUp(_ key: CacheKey) throws -> Record? {
        reads?.keys.insert(key)
        // After a clear, nothing below the staged changes is visible, so it is not loaded.
        let below = staged.removesAllRecords ? nil : try core.record(for: key, throughLayers: layersBelow)
        return staged.isEmpty ? below : staged.apply(to: below, key: key)
    }

    /// The records for several keys as this transaction sees them, the base read in one call.
    func lookUp(_ keys: [CacheKey]) throws -> [CacheKey: Record] {
        reads?.keys.formUnion(keys)
        let below = staged.removesAllRecords ? [:] : try core.records(for: keys, throughLayers: layersBelow)
        // A transaction's first write has nothing staged to lay over what is below.
        if staged.isEmpty { return below }
        var records = [CacheKey: Record](minimumCapacity: keys.count)
        for key in keys {
            records[key] = staged.apply(to: below[key], key: key)
        }
        return records
    }
}
