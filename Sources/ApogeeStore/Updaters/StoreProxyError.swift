/// A misuse of the store in an updater function, reported with the record and field involved.
///
/// A struct with codes, not an enum, so that a new kind of misuse can be added without
/// breaking code that handles the ones it knows.
public struct StoreProxyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of misuse. Compare with its static members (`error.code == .missingRecord`).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        /// ``StoreProxy/create(key:typename:)`` was asked for a key that already has a record.
        public static let recordExists = Code("recordExists")
        /// The record behind a ``RecordProxy`` is gone (deleted earlier in the same updater).
        public static let missingRecord = Code("missingRecord")
        /// A scalar was read from a field that links to records.
        public static let notAScalar = Code("notAScalar")
        /// A linked record (or list of them) was read from a field that holds a scalar.
        public static let notALink = Code("notALink")

        /// The code's name, as its static member spells it.
        public var description: String { name }
    }

    /// The kind of misuse.
    public let code: Code
    /// The record involved.
    public let key: CacheKey
    /// For ``Code/notAScalar`` and ``Code/notALink``: the field read.
    public let field: String?

    /// A key that already has a record.
    public static func recordExists(_ key: CacheKey) -> StoreProxyError {
        StoreProxyError(code: .recordExists, key: key, field: nil)
    }

    /// A record that is gone.
    public static func missingRecord(_ key: CacheKey) -> StoreProxyError {
        StoreProxyError(code: .missingRecord, key: key, field: nil)
    }

    /// A scalar read from a field of links.
    public static func notAScalar(_ key: CacheKey, field: String) -> StoreProxyError {
        StoreProxyError(code: .notAScalar, key: key, field: field)
    }

    /// Links read from a field that holds a scalar.
    public static func notALink(_ key: CacheKey, field: String) -> StoreProxyError {
        StoreProxyError(code: .notALink, key: key, field: field)
    }

    /// A readable description, for logs and test failures.
    public var description: String {
        let field = field ?? ""
        return switch code {
        case .recordExists: "the store already has a record '\(key)'"
        case .missingRecord: "the record '\(key)' is not in the store"
        case .notAScalar: "'\(key).\(field)' links to records; read it with linkedRecord or linkedRecords"
        case .notALink: "'\(key).\(field)' holds a scalar; read it with value(forField:)"
        default: "the updater misused '\(key)' (\(code))"
        }
    }
}
