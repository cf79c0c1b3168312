/// The record fields a read looked at, in reading order, kept compactly.
///
/// A read of a large query looks at thousands of fields, most of them a few at a time on one
/// record. A ``FieldKey`` for each would hold the record's key once per field; this holds it
/// once per run of fields read on that record, and each field as its storage key and the
/// position of its record.
struct ReadDependencies: Sendable, Equatable, Sequence {
    /// The records read, once per run of fields read on each (so a record can appear again).
    private var records: [CacheKey] = []
    private var fields: [Field] = []

    private struct Field: Sendable, Equatable {
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
