/// Where the store's base records live: in memory (``InMemoryRecordSource``) or in a
/// persistent database.
///
/// The store calls a source only while it holds its lock, so a source needs no locking of
/// its own. Optimistic layers and transactions never reach the source: they stay in
/// ``RecordChangeSet``s until a transaction commits, which makes ``apply(_:)`` the only
/// write and lets a persistent source do it in one database transaction.
public protocol RecordSource {
    /// The record for a key, or `nil` when there is none.
    func record(for key: CacheKey) throws -> Record?

    /// The records for several keys; keys without a record are left out. A persistent source
    /// reads them in one query, where one ``record(for:)`` per key would be a query each.
    func records(for keys: [CacheKey]) throws -> [CacheKey: Record]

    /// Applies a change set atomically: all of it, or nothing and an error.
    mutating func apply(_ changes: RecordChangeSet) throws

    /// The keys of every record, for garbage collection.
    func allKeys() throws -> [CacheKey]

    /// How many records there are.
    func count() throws -> Int
}

extension RecordSource {
    /// Looks the keys up one at a time, for sources that have nothing faster.
    public func records(for keys: [CacheKey]) throws -> [CacheKey: Record] {
        var records = [CacheKey: Record](minimumCapacity: keys.count)
        for key in keys {
            records[key] = try record(for: key)
        }
        return records
    }
}
