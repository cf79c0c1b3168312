/// The record fields a read looked at, in reading order, kept compactly.
///
/// A read of a large query looks at thousands of fields, most of them a few at a time on one
/// record. A ``FieldKey`` for each would hold the record's key once per field; this holds it
/// once per run of fields read on that record, and each field as its storage key and the
/// position of its record.
struct ReadDependencies: Sendable, Sequence {
    /// The records read, once per run of fields read on each (so a record can appear again).
    private var records: [CacheKey] = []
    private var fields: [Field] = []

    private struct Field: Sendable {
        let record: Int
        let name: String
    }

    /// No dependencies.
    init() {}

    /// The dependencies `keys` lists, in its order.
    init(_ keys: some Sequence<FieldKey>) {
        for key in keys { note(key.field, of: key.record) }
    }

    /// Notes that the read looked at `field` of the record `key`.
    @inline(__always)
    mutating func note(_ field: String, of key: CacheKey) {
        // The same string as the last record's, in the common case, so equal at a glance.
        if records.last != key { records.append(key) }
        fields.append(Field(record: records.count - 1, name: field))
    }

    /// How many fields were noted.
    var count: Int { fields.count }

    /// The fields noted from the `start`th on, as dependencies of their own.
    func suffix(from start: Int) -> ReadDependencies {
        var suffix = ReadDependencies()
        suffix.fields.reserveCapacity(fields.count - start)
        for field in fields[start...] { suffix.note(field.name, of: records[field.record]) }
        return suffix
    }

    /// Notes every field `other` noted, in its order. Its runs of fields are kept as they
    /// are, not joined to the last run here: appending costs a copy, no comparison.
    mutating func append(_ other: ReadDependencies) {
        let base = records.count
        records.append(contentsOf: other.records)
        for field in other.fields { fields.append(Field(record: base + field.record, name: field.name)) }
    }

    /// Whether the fields were read only of records not in `changed`.
    func readsNone(of changed: ChangedRecords) -> Bool {
        !records.contains { changed.contains($0) }
    }

    /// The fields this and `other` noted differently, past the fields both start and end
    /// with: what a re-read that took out or put in a few fields changed, found without
    /// hashing the fields they share.
    func differences(from other: ReadDependencies) -> (removed: [FieldKey], added: [FieldKey]) {
        let shorter = Swift.min(fields.count, other.fields.count)
        var prefix = 0
        while prefix < shorter, sameField(prefix, other, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, sameField(fields.count - 1 - suffix, other, other.fields.count - 1 - suffix) { suffix += 1 }
        let removed = fields[prefix..<(fields.count - suffix)].map { FieldKey(records[$0.record], $0.name) }
        let added = other.fields[prefix..<(other.fields.count - suffix)].map { FieldKey(other.records[$0.record], $0.name) }
        return (removed, added)
    }

    private func sameField(_ position: Int, _ other: ReadDependencies, _ otherPosition: Int) -> Bool {
        let field = fields[position]
        let otherField = other.fields[otherPosition]
        return field.name == otherField.name && records[field.record] == other.records[otherField.record]
    }

    /// The fields as keys, in reading order; a field read twice appears twice.
    var list: [FieldKey] { map { $0 } }

    /// The records whose fields were read.
    var recordKeys: Set<CacheKey> {
        Set(fields.map { records[$0.record] })
    }

    func makeIterator() -> Iterator {
        Iterator(dependencies: self)
    }

    /// Gives each field as a ``FieldKey``.
    struct Iterator: IteratorProtocol {
        fileprivate let dependencies: ReadDependencies
        fileprivate var position = 0

        mutating func next() -> FieldKey? {
            guard position < dependencies.fields.count else { return nil }
            let field = dependencies.fields[position]
            position += 1
            return FieldKey(dependencies.records[field.record], field.name)
        }
    }

    var underestimatedCount: Int { fields.count }
}
