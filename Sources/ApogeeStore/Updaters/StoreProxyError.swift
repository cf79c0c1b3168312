/// A misuse of the store in an updater function, reported with the record and field involved.
public enum StoreProxyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// ``StoreProxy/create(key:typename:)`` was asked for a key that already has a record.
    case recordExists(CacheKey)
    /// The record behind a ``RecordProxy`` is gone (deleted earlier in the same updater).
    case missingRecord(CacheKey)
    /// A scalar was read from a field that links to records.
    case notAScalar(CacheKey, field: String)
    /// A linked record (or list of them) was read from a field that holds a scalar.
    case notALink(CacheKey, field: String)

    /// A readable description, for logs and test failures.
    public var description: String {
        switch self {
        case .recordExists(let key): "the store already has a record '\(key)'"
        case .missingRecord(let key): "the record '\(key)' is not in the store"
        case .notAScalar(let key, let field): "'\(key).\(field)' links to records; read it with linkedRecord or linkedRecords"
        case .notALink(let key, let field): "'\(key).\(field)' holds a scalar; read it with value(forField:)"
        }
    }
}
