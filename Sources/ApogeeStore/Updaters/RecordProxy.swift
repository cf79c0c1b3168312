import ApogeeAPI

/// One record as an updater function sees it: its scalar fields, its links to other records,
/// and typed reads and writes of fragments on it.
///
/// Field names are schema names; a field with arguments is named with them, as the store
/// keeps it (`value(forField: "launch", arguments: ["id": "25"])`).
///
/// Writing `nil` stores null, exactly as when the server says a field is null; to make a field
/// missing (so the next read misses and refetches), call ``removeField(_:arguments:)``.
public struct RecordProxy {
    /// The store the record belongs to.
    public let store: StoreProxy
    /// The record's key.
    public let key: CacheKey

    init(store: StoreProxy, key: CacheKey) {
        self.store = store
        self.key = key
    }

    var transaction: CacheTransaction { store.transaction }

    /// The record's fields as they stand now.
    public func record() throws -> Record {
        guard let record = try transaction.record(for: key) else { throw StoreProxyError.missingRecord(key) }
        return record
    }

    /// The record's `__typename`, when it has one.
    public func typename() throws -> String? {
        try transaction.record(for: key)?.fields["__typename"].flatMap {
            if case .scalar(.string(let name)) = $0 { return name }
            return nil
        }
    }

    /// A scalar field's value: `nil` when the field is missing, `.null` when it is null.
    /// - Throws: ``StoreProxyError/notAScalar(_:field:)`` when the field links to records.
    public func value(forField name: String, arguments: JSONObject = [:]) throws -> JSONValue? {
        let field = Self.storageKey(name, arguments)
        switch try transaction.record(for: key)?.fields[field] {
        case nil: return nil
        case .null?, .fieldError?: return .null
        case .scalar(let json)?: return json
        case .list(let elements)? where elements.allSatisfy({ $0.referenceKey == nil }):
            // A list of scalars is kept whole; lists that contain links are not scalars.
            if elements.isEmpty { return .array([]) }
            throw StoreProxyError.notAScalar(key, field: field)
        case .reference?, .list?:
            throw StoreProxyError.notAScalar(key, field: field)
        }
    }

    /// A scalar field's value as a Swift type (`Bool`, `String`, a generated enum, …).
    /// - Returns: `nil` when the field is missing.
    /// - Throws: `ResponseDecodingError` when the stored value does not fit the type.
    public func value<Value: ResponseDecodable>(forField name: String, arguments: JSONObject = [:], as type: Value.Type) throws -> Value? {
        guard let json = try value(forField: name, arguments: arguments) else { return nil }
        return try Value(responseValue: json)
    }

    /// Sets a scalar field. `nil` (or `JSONValue.null`) stores null.
    public func setValue(_ value: (some ResponseEncodable)?, forField name: String, arguments: JSONObject = [:]) throws {
        let json = value?.responseValue ?? .null
        try transaction.setField(Self.storageKey(name, arguments), to: RecordValue(scalar: json), of: key)
    }

    /// Removes a field, so that reading it is a miss. Unlike writing `nil`, which stores null.
    public func removeField(_ name: String, arguments: JSONObject = [:]) throws {
        try transaction.removeField(Self.storageKey(name, arguments), of: key)
    }

    /// A scalar field, for updaters written like Relay's: `todo["text"] = "New"`,
    /// `todo["text"] = nil` (stores null). Reading gives `nil` when the field is missing.
    ///
    /// A subscript cannot throw: a failure is kept and thrown when the updater returns.
    public subscript(field: String, arguments: JSONObject = [:]) -> JSONValue? {
        get {
            store.deferring(nil) { try value(forField: field, arguments: arguments) }
        }
        nonmutating set {
            store.deferring(()) { try setValue(newValue ?? .null, forField: field, arguments: arguments) }
        }
    }

    /// Copies every field of another record into this one (Relay's `copyFieldsFrom`).
    public func copyFields(from other: RecordProxy) throws {
        try transaction.setFields(try other.record().fields, of: key)
    }

    /// Reads a fragment on this record through its generated type.
    public func read<F: Fragment>(_ fragment: F.Type, variables: JSONObject = [:]) throws -> F {
        try transaction.read(F.self, key: key, variables: variables)
    }

    /// Writes a fragment's fields into this record.
    public func write<F: Fragment>(_ fragment: F, variables: JSONObject = [:]) throws {
        try transaction.write(fragment, key: key, variables: variables)
    }

    /// Reads a fragment on this record, lets `body` change it, and writes it back.
    public func update<F: Fragment>(_ fragment: F.Type, variables: JSONObject = [:], _ body: (inout F) throws -> Void) throws {
        try transaction.update(F.self, key: key, variables: variables, body)
    }

    /// The storage key of a field with arguments, as the normalizer makes it.
    static func storageKey(_ name: String, _ arguments: JSONObject) -> String {
        FieldStorageKey.make(name: name, arguments: arguments)
    }
}
