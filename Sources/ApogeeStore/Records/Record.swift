/// The stored fields of one object, keyed by storage key (`name`, or `launch({"id":"25"})`
/// for a field with arguments).
public struct Record: Sendable, Hashable {
    /// The record's key.
    public var key: CacheKey
    /// The fields written so far. A field the store never received is absent.
    public var fields: [String: RecordValue]
    /// When fields expire, in milliseconds since 1970, for the fields that have a maximum
    /// age (declared with `@cacheControl`, sent by the server as `Cache-Control: max-age`, or
    /// configured). A field without an entry never expires. After its time, a field reads as
    /// stale: a miss, unless the read accepts stale data.
    public var expirations: [String: Int64]

    /// Creates a record.
    public init(key: CacheKey, fields: [String: RecordValue] = [:], expirations: [String: Int64] = [:]) {
        self.key = key
        self.fields = fields
        self.expirations = expirations
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

    /// Gives the fields just written the expiry times of their write: `deadlines[name]`, or
    /// none. A write of a field starts its life again, so an old time never outlives the value.
    package mutating func stamp(_ names: some Sequence<String>, deadlines: [String: Int64]?) {
        guard deadlines != nil || !expirations.isEmpty else { return }
        for name in names { expirations[name] = deadlines?[name] }
    }

    /// Applies a patch: removes `removed`, then sets `fields`, which expire at `deadlines`
    /// (a field without one has no expiry). A record with no fields yet takes `fields`
    /// whole, without hashing each into it again.
    package mutating func patch(setting fields: [String: RecordValue], removing removed: Set<String>, deadlines: [String: Int64]?) {
        if self.fields.isEmpty, expirations.isEmpty {
            self.fields = fields
            expirations = deadlines ?? [:]
            return
        }
        removeFields(removed)
        self.fields.merge(fields) { _, new in new }
        stamp(fields.keys, deadlines: deadlines)
    }

    /// Removes fields, with their expiry times.
    package mutating func removeFields(_ names: Set<String>) {
        for name in names {
            fields[name] = nil
            if !expirations.isEmpty { expirations[name] = nil }
        }
    }
}
