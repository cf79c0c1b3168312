import ApogeeAPI

extension RecordProxy {
    /// The record a field links to; `nil` when the field is missing or null, or the record
    /// it names is not in the store.
    /// - Throws: ``StoreProxyError/notALink(_:field:)`` when the field holds a scalar.
    public func linkedRecord(forField name: String, arguments: JSONObject = [:]) throws -> RecordProxy? {
        try linkedRecord(storageKey: Self.storageKey(name, arguments))
    }

    func linkedRecord(storageKey field: String) throws -> RecordProxy? {
        switch try transaction.record(for: key)?.fields[field] {
        case nil, .null?, .fieldError?: return nil
        case .reference(let child)?: return try store.record(for: child)
        case .scalar?, .list?: throw StoreProxyError.notALink(key, field: field)
        }
    }

    /// Links a field to a record; `nil` stores null.
    public func setLinkedRecord(_ record: RecordProxy?, forField name: String, arguments: JSONObject = [:]) throws {
        let value: RecordValue = record.map { .reference($0.key) } ?? .null
        try transaction.setField(Self.storageKey(name, arguments), to: value, of: key)
    }

    /// The records a list field links to, in order, with `nil` for null elements and for
    /// records not in the store; `nil` when the field is missing or null.
    public func linkedRecords(forField name: String, arguments: JSONObject = [:]) throws -> [RecordProxy?]? {
        try linkedRecords(storageKey: Self.storageKey(name, arguments))
    }

    func linkedRecords(storageKey field: String) throws -> [RecordProxy?]? {
        switch try transaction.record(for: key)?.fields[field] {
        case nil, .null?, .fieldError?: return nil
        case .list(let elements)?:
            return try elements.map { element in
                switch element {
                case .reference(let child): try store.record(for: child)
                case .null, .fieldError: nil
                case .scalar, .list: throw StoreProxyError.notALink(key, field: field)
                }
            }
        case .scalar?, .reference?: throw StoreProxyError.notALink(key, field: field)
        }
    }

    /// Links a list field to records, in order; `nil` elements are null, and `nil` stores null.
    public func setLinkedRecords(_ records: [RecordProxy?]?, forField name: String, arguments: JSONObject = [:]) throws {
        let value: RecordValue = records.map { .list($0.map { $0.map { .reference($0.key) } ?? .null }) } ?? .null
        try transaction.setField(Self.storageKey(name, arguments), to: value, of: key)
    }

    /// The record a field links to, made (under the path key `record.field`) and linked when
    /// there is none.
    public func linkedRecord(forField name: String, arguments: JSONObject = [:], creatingWithTypename typename: String) throws -> RecordProxy {
        if let existing = try linkedRecord(forField: name, arguments: arguments) { return existing }
        let childKey = CacheKey(key.rawValue + "." + Self.storageKey(name, arguments))
        let child = try store.record(for: childKey) ?? store.create(key: childKey, typename: typename)
        try setLinkedRecord(child, forField: name, arguments: arguments)
        return child
    }
}
