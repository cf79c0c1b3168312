/// Changes to records, applied as one unit: the staging area of a transaction, the content
/// of an optimistic layer, and what a ``RecordSource`` is asked to apply atomically.
///
/// Reading through a change set gives the record as it will be once the set is applied, so a
/// transaction sees its own writes and an optimistic layer can stand over the base.
public struct RecordChangeSet: Sendable, Hashable {
    /// What happens to one record.
    public enum Change: Sendable, Hashable {
        /// The record is deleted.
        case removed
        /// Fields are set and others removed. With `replacesRecord`, the record starts empty
        /// (it was removed earlier in the same set), so nothing from below shows through.
        case patch(fields: [String: RecordValue], removedFields: Set<String>, replacesRecord: Bool)
    }

    /// Whether every record below is removed before ``changes`` apply.
    public internal(set) var removesAllRecords = false
    /// The change to each record touched.
    public internal(set) var changes: [CacheKey: Change] = [:]
    /// When the fields the set writes expire (milliseconds since 1970), by record. A field
    /// a patch sets without an entry here has no expiry once the set applies.
    public internal(set) var expirations: [CacheKey: [String: Int64]] = [:]

    /// An empty change set.
    public init() {}

    /// Whether applying the set would do nothing.
    public var isEmpty: Bool { !removesAllRecords && changes.isEmpty }

    /// The record as it is after the set applies over `below`, the record underneath.
    public func apply(to below: Record?, key: CacheKey) -> Record? {
        guard let change = changes[key] else {
            return removesAllRecords ? nil : below
        }
        switch change {
        case .removed:
            return nil
        case .patch(let fields, let removedFields, let replacesRecord):
            guard !replacesRecord, !removesAllRecords, var record = below else {
                return Record(key: key, fields: fields, expirations: expirations[key] ?? [:])
            }
            record.patch(setting: fields, removing: removedFields, deadlines: expirations[key])
            return record
        }
    }

    /// Makes room for `count` more records, so that a large write does not grow the table step
    /// by step, hashing every key again at each step.
    mutating func reserveCapacity(forMore count: Int) {
        changes.reserveCapacity(changes.count + count)
    }

    /// Sets fields of a record.
    mutating func set(_ fields: [String: RecordValue], of key: CacheKey) {
        // Most records are new to the set: one lookup puts them in, and only a record the set
        // already changes is looked up again.
        guard let previous = changes.updateValue(.patch(fields: fields, removedFields: [], replacesRecord: false), forKey: key) else {
            return
        }
        switch consume previous {
        case .removed:
            changes[key] = .patch(fields: fields, removedFields: [], replacesRecord: true)
        case .patch(var existing, var removed, let replaces):
            existing.merge(fields) { _, new in new }
            removed.subtract(fields.keys)
            changes[key] = .patch(fields: existing, removedFields: removed, replacesRecord: replaces)
        }
    }

    /// Sets when fields of a record expire; the fields are set in the same change set.
    mutating func setExpirations(_ deadlines: [String: Int64], of key: CacheKey) {
        expirations[key, default: [:]].merge(deadlines) { _, new in new }
    }

    /// Removes one field of a record.
    mutating func removeField(_ name: String, of key: CacheKey) {
        switch changes[key] {
        case nil:
            changes[key] = .patch(fields: [:], removedFields: [name], replacesRecord: false)
        case .removed:
            return
        case .patch(var fields, var removed, let replaces)?:
            fields[name] = nil
            if !replaces { removed.insert(name) }
            changes[key] = .patch(fields: fields, removedFields: removed, replacesRecord: replaces)
        }
    }

    /// Deletes a record.
    mutating func remove(_ key: CacheKey) {
        changes[key] = .removed
        expirations[key] = nil
    }

    /// Deletes every record below and everything staged so far.
    mutating func removeAll() {
        removesAllRecords = true
        changes.removeAll()
        expirations.removeAll()
    }

    /// Every record key the set touches.
    public var touchedKeys: Dictionary<CacheKey, Change>.Keys { changes.keys }
}
