/// The record fields a read looked at, in reading order, kept compactly.
///
/// A read of a large query looks at thousands of fields, most of them a few at a time on one
/// record. A ``FieldKey`` for each would hold the record's key once per field; this holds it
/// once per run of fields read on that record, and each field as its storage key and the
/// position of its record.
///
/// The fields of a watched list's elements are kept apart, one run per element
/// (``ElementRuns``), which the watcher's next read takes again whole for each element whose
/// records are unchanged: a re-read of a long list then shares its unchanged elements' fields
/// with the last read instead of copying them, and comparing the two reads passes over those
/// runs at a glance. The fields noted one by one come first, then each list's runs, in the order
/// they were noted, so two reads of the same shape list their fields in the same order.
struct ReadDependencies: Sendable, Sequence {
    /// The records read, once per run of fields read on each (so a record can appear again).
    private var records: [CacheKey] = []
    private var fields: [Field] = []
    /// The runs of the watched lists' elements, list by list.
    private var lists: [ElementRuns] = []

    struct Field: Sendable {
        let record: Int
        let name: String
    }

    /// Where a read stood: the fields it noted after a mark can be taken out as a run.
    struct Mark {
        fileprivate let fields: Int
        fileprivate let records: Int
        fileprivate let lists: Int
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

    /// Notes the runs of a watched list's elements.
    mutating func append(_ runs: ElementRuns) {
        lists.append(runs)
    }

    /// Where the read stands now.
    var mark: Mark { Mark(fields: fields.count, records: records.count, lists: lists.count) }

    /// Moves the fields noted since `mark` into a run that `builder` makes of them, and returns
    /// where it lies. The runs of lists noted since the mark (lists inside the element) join it.
    mutating func moveRun(since mark: Mark, into builder: inout RunBlock.Builder) -> RunReference {
        for field in fields[mark.fields...] { builder.note(field.name, of: records[field.record]) }
        for list in lists[mark.lists...] {
            for position in list.runs.indices {
                for key in list.fieldKeys(at: position) { builder.note(key.field, of: key.record) }
            }
        }
        fields.removeSubrange(mark.fields...)
        records.removeSubrange(mark.records...)
        lists.removeSubrange(mark.lists...)
        return builder.endRun()
    }

    /// The fields this and `other` noted differently, past the fields both start and end
    /// with: what a re-read that took out or put in a few fields changed, found without
    /// hashing the fields they share. The fields noted one by one and the runs are compared
    /// apart; a run both reads share is passed over without looking at its fields.
    func differences(from other: ReadDependencies) -> (removed: [FieldKey], added: [FieldKey]) {
        var removed: [FieldKey] = []
        var added: [FieldKey] = []

        let shorter = Swift.min(fields.count, other.fields.count)
        var prefix = 0
        while prefix < shorter, sameField(prefix, other, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, sameField(fields.count - 1 - suffix, other, other.fields.count - 1 - suffix) { suffix += 1 }
        for field in fields[prefix..<(fields.count - suffix)] { removed.append(FieldKey(records[field.record], field.name)) }
        for field in other.fields[prefix..<(other.fields.count - suffix)] { added.append(FieldKey(other.records[field.record], field.name)) }

        for position in 0..<Swift.max(lists.count, other.lists.count) {
            guard position < lists.count else {
                for run in other.lists[position].runs.indices { added += other.lists[position].fieldKeys(at: run) }
                continue
            }
            guard position < other.lists.count else {
                for run in lists[position].runs.indices { removed += lists[position].fieldKeys(at: run) }
                continue
            }
            let list = lists[position]
            let otherList = other.lists[position]
            let places = list.blockPlaces(in: otherList)
            let shorterList = Swift.min(list.runs.count, otherList.runs.count)
            var runPrefix = 0
            while runPrefix < shorterList, list.isSameRun(runPrefix, as: otherList, runPrefix, places: places) { runPrefix += 1 }
            var runSuffix = 0
            while runSuffix < shorterList - runPrefix,
                  list.isSameRun(list.runs.count - 1 - runSuffix, as: otherList, otherList.runs.count - 1 - runSuffix, places: places) {
                runSuffix += 1
            }
            for run in runPrefix..<(list.runs.count - runSuffix) { removed += list.fieldKeys(at: run) }
            for run in runPrefix..<(otherList.runs.count - runSuffix) { added += otherList.fieldKeys(at: run) }
        }
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
        var keys = Set(fields.map { records[$0.record] })
        for list in lists { keys.formUnion(list.recordKeys) }
        return keys
    }

    func makeIterator() -> Iterator {
        Iterator(dependencies: self)
    }

    /// Gives each field as a ``FieldKey``: the fields noted one by one, then each list's runs.
    struct Iterator: IteratorProtocol {
        fileprivate let dependencies: ReadDependencies
        fileprivate var position = 0
        fileprivate var list = 0
        fileprivate var run = 0
        fileprivate var runKeys: [FieldKey] = []
        fileprivate var positionInRun = 0

        mutating func next() -> FieldKey? {
            if position < dependencies.fields.count {
                let field = dependencies.fields[position]
                position += 1
                return FieldKey(dependencies.records[field.record], field.name)
            }
            while positionInRun >= runKeys.count {
                guard list < dependencies.lists.count else { return nil }
                let runs = dependencies.lists[list]
                if run < runs.runs.count {
                    runKeys = runs.fieldKeys(at: run)
                    positionInRun = 0
                    run += 1
                } else {
                    list += 1
                    run = 0
                }
            }
            positionInRun += 1
            return runKeys[positionInRun - 1]
        }
    }

    var underestimatedCount: Int { fields.count }
}
