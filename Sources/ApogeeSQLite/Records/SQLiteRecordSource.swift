import ApogeeStore

/// The records of a ``SQLiteStore``, as the base of a `NormalizedStore`: records survive the
/// process, and each change set the store commits is one SQLite transaction.
///
/// Records read or written are kept in memory as well, so only the first read of a record
/// reaches the file. Fields older than their configured maximum age read as missing, and a
/// size limit evicts the least recently used records (see ``SQLiteStore/Configuration``).
/// Neither is reported to the store's watchers: an expired or evicted record shows as a miss
/// at the next read.
///
/// Get one from ``SQLiteStore/recordSource``; every copy shares the store's memory and
/// connection. Use one `NormalizedStore` per file.
///
/// ## Topics
/// ### Reading
/// - ``record(for:)``
/// - ``records(for:)``
/// - ``allKeys()``
/// - ``count()``
/// ### Writing
/// - ``apply(_:)``
public struct SQLiteRecordSource: RecordSource, Sendable {
    let table: RecordTable

    init(table: RecordTable) {
        self.table = table
    }

    /// The record for a key without its expired fields, or `nil` when there is none.
    /// - Throws: ``SQLiteStoreError`` when the file cannot be read or the row decoded.
    public func record(for key: CacheKey) throws -> Record? {
        try table.record(for: key)
    }

    /// The records for several keys, those not yet in memory read in one statement.
    /// - Throws: ``SQLiteStoreError`` when the file cannot be read or a row decoded.
    public func records(for keys: [CacheKey]) throws -> [CacheKey: Record] {
        try table.records(for: keys)
    }

    /// Applies a change set in one SQLite transaction: all of it, or nothing and an error.
    /// An empty change set writes nothing.
    /// - Throws: ``SQLiteStoreError`` when SQLite fails; nothing is then applied.
    public mutating func apply(_ changes: RecordChangeSet) throws {
        try table.apply(changes)
    }

    /// The keys of every record, expired ones included, for garbage collection.
    public func allKeys() throws -> [CacheKey] {
        try table.allKeys()
    }

    /// How many records the file holds.
    public func count() throws -> Int {
        try table.count()
    }
}
