/// The stored fields of one object, keyed by storage key (`name`, or `launch({"id":"25"})`
/// for a field with arguments).
public struct Record: Sendable, Hashable {
    /// The record's key.
    public var key: CacheKey
    /// The fields written so far. A field the store never received is absent.
    public var fields: [String: RecordValue]

    /// Creates a record.
    public init(key: CacheKey, fields: [String: RecordValue] = [:]) {
        self.key = key
        self.fields = fields
    }

    /// The value of a field, or `nil` when the field was never written.
    public subscript(field: String) -> RecordValue? {
        get { fields[field] }
        set { fields[field] = newValue }
    }

    /// The keys of every record this one links to.
    public var referencedKeys: [CacheKey] {
        var keys: [CacheKey] = []
        for value in fields.values {
            value.forEachReference { keys.append($0) }
        }
        return keys
    }
}
