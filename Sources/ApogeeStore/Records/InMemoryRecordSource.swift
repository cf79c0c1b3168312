/// A record source that keeps records in a dictionary: the default, and the fastest.
public struct InMemoryRecordSource: RecordSource, Sendable {
    private var records: [CacheKey: Record]

    /// Creates a source, optionally with records already in it.
    public init(records: [Record] = []) {
        self.records = Dictionary(records.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The record for a key, or `nil` when there is none.
    public func record(for key: CacheKey) -> Record? {
        records[key]
    }

    /// The records for several keys; keys without a record are left out.
    public func records(for keys: [CacheKey]) -> [CacheKey: Record] {
        var found = [CacheKey: Record](minimumCapacity: keys.count)
        for key in keys {
            if let record = records[key] { found[key] = record }
        }
        return found
    }

    /// Applies a change set; in memory this cannot fail, so it is atomic by construction.
    public mutating func apply(_ changeSet: RecordChangeSet) {
        if changeSet.removesAllRecords {
            records.removeAll()
        }
        records.reserveCapacity(records.count + changeSet.changes.count)
        for (key, change) in changeSet.changes {
            switch change {
            case .removed:
                records[key] = nil
            case .patch(let fields, let removedFields, let replacesRecord):
                let deadlines = changeSet.expirations.isEmpty ? nil : changeSet.expirations[key]
                // A new record goes in with one lookup; one that is there is looked up again
                // to be put back with the patch applied.
                let previous = records.updateValue(Record(key: key, fields: fields, expirations: deadlines ?? [:]), forKey: key)
                // (Patching in place through `records[key, default:]`, one lookup for both, made
                // the GitHub fixture's write of new records 4 % slower; session 22.)
                guard !replacesRecord, let previous else { continue }
                var patched = consume previous
                patched.patch(setting: fields, removing: removedFields, deadlines: deadlines)
                records[key] = patched
            }
        }
    }

    /// The keys of every record.
    public func allKeys() -> [CacheKey] {
        Array(records.keys)
    }

    /// How many records there are.
    public func count() -> Int {
        records.count
    }
}
