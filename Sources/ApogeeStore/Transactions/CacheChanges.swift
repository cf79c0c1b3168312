import ApogeeAPI

/// What a write, a transaction or a layer changed, as the store reports it.
///
/// It wraps the change sets that were applied; the sets of keys are computed when asked
/// for, so a write whose caller does not look at them pays nothing for them.
public struct CacheChanges: Sendable {
    let changeSets: [RecordChangeSet]

    /// The record key of each object whose `__id` the written operation selects, by its path
    /// in the response data: what the server's data lacks, for the client to fill in so that
    /// a result from the server carries `__id` just as one read from the store does.
    package let clientIDs: [ResponsePath: CacheKey]

    /// The store's value of each local field the written server result selects, by its path
    /// in the response data: the server never sends them, so the client fills them in, and a
    /// result from the server shows what the app wrote (or the field's default).
    package let localValues: [ResponsePath: JSONValue]

    init(_ changeSets: [RecordChangeSet], clientIDs: [ResponsePath: CacheKey] = [:], localValues: [ResponsePath: JSONValue] = [:]) {
        self.changeSets = changeSets.filter { !$0.isEmpty }
        self.clientIDs = clientIDs
        self.localValues = localValues
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { changeSets.isEmpty }

    /// Whether every record was removed (a clear).
    public var removedAllRecords: Bool {
        changeSets.contains { $0.removesAllRecords }
    }

    /// The records that were removed, or written anew after being removed.
    public var removedRecords: Set<CacheKey> {
        var keys = Set<CacheKey>()
        for set in changeSets {
            for (key, change) in set.changes {
                switch change {
                case .removed, .patch(_, _, true): keys.insert(key)
                case .patch: continue
                }
            }
        }
        return keys
    }

    /// Every record that changed or was removed (not counting a clear's records).
    public var changedRecords: Set<CacheKey> {
        var keys = Set<CacheKey>()
        for set in changeSets { keys.formUnion(set.changes.keys) }
        return keys
    }

    /// The fields whose values changed, were added or were removed, in records that were not
    /// removed as a whole (those are in ``removedRecords``).
    public var changedFields: Set<FieldKey> {
        var keys = Set<FieldKey>()
        for set in changeSets {
            for (key, change) in set.changes {
                guard case .patch(let fields, let removed, _) = change else { continue }
                for name in fields.keys { keys.insert(FieldKey(key, name)) }
                for name in removed { keys.insert(FieldKey(key, name)) }
            }
        }
        return keys
    }
}
