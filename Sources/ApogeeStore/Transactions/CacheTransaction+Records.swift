import ApogeeAPI

extension CacheTransaction {
    /// Sets fields of a record, creating it if needed. A field set to ``RecordValue/null``
    /// is stored as null; use ``removeField(_:of:)`` to make a field missing.
    public func setFields(_ fields: [String: RecordValue], of key: CacheKey) throws {
        try checkOpen()
        try merge([key: fields])
    }

    /// Sets one field of a record, creating the record if needed.
    public func setField(_ field: String, to value: RecordValue, of key: CacheKey) throws {
        try setFields([field: value], of: key)
    }

    /// Removes one field of a record, so that reading it is a miss.
    public func removeField(_ field: String, of key: CacheKey) throws {
        try checkOpen()
        guard try lookUp(key)?.fields[field] != nil else { return }
        staged.removeField(field, of: key)
    }

    /// Removes a record. Readers that showed it miss, and are told so.
    public func removeRecord(_ key: CacheKey) throws {
        try checkOpen()
        guard try lookUp(key) != nil else { return }
        staged.remove(key)
    }

    /// Removes every record.
    public func clear() throws {
        try checkOpen()
        staged.removeAll()
    }
}
