/// The record fields a read looked at, in reading order, kept compactly.
///
/// A read of a large query looks at thousands of fields, most of them a few at a time on one
/// record. A ``FieldKey`` for each would hold the record's key once per field; this holds it
/// once per run of fields read on that record, and each field as its storage key and the
/// position of its record.
///
/// The fields of a watched list's element are a ``Run`` of their own, which the watcher's next
/// read takes again whole when the element's records are unchanged: a re-read of a long list
/// then shares its unchanged elements' fields with the last read instead of copying them, and
/// comparing the two reads skips those runs at a glance. The fields noted one by one come
/// first, then the runs, each in the order they were noted, so two reads of the same shape
/// list their fields in the same order.
struct ReadDependencies: Sendable, Sequence {
    /// The records read, once per run of fields read on each (so a record can appear again).
    private var records: [CacheKey] = []
    private var fields: [Field] = []
    /// The runs taken whole, after the fields noted one by one.
    private var runs: [Run] = []
    /// How many fields the runs hold together.
    private var runFieldCount = 0

    fileprivate struct Field: Sendable {
        let record: Int
        let name: String
    }

    /// The fields one list element's read looked at, shared between the reads that take the
    /// element again.
    final class Run: Sendable {
        fileprivate let records: [CacheKey]
        fileprivate let fields: [Field]

        fileprivate init(records: [CacheKey], fields: [Field]) {
            self.records = records
            self.fields = fields
        }

        var count: Int { fields.count }

        /// Whether the fields were read only of records not in `changed`.
        func readsNone(of changed: ChangedRecords) -> Bool {
            !records.contains { changed.contains($0) }
        }

        fileprivate func key(at position: Int) -> FieldKey {
            let field = fields[position]
            return FieldKey(records[field.record], field.name)
        }

        /// Whether this run and `other` list the same fields, in the same order.
        fileprivate func isSame(as other: Run) -> Bool {
            if self === other { return true }
            guard fields.count == other.fields.count else { return false }
            for position in fields.indices {
                let field = fields[position]
                let otherField = other.fields[position]
                guard field.name == otherField.name, records[field.record] == other.records[otherField.record] else { return false }
            }
            return true
        }
    }

    /// Where a read stood: the fields it noted after a mark can be taken out as a run.
    struct Mark {
        fileprivate let fields: Int
        fileprivate let records: Int
        fileprivate let runs: Int
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

    /// Notes every field of `run`, shared rather than copied.
    mutating func append(_ run: Run) {
        runs.append(run)
        runFieldCount += run.count
    }

    /// Where the read stands now.
    var mark: Mark { Mark(fields: fields.count, records: records.count, runs: runs.count) }

    /// Takes the fields noted since `mark` out into a run of their own, which takes their
    /// place after the other runs, and returns it. Runs noted since the mark are joined into it.
    mutating func takeRun(since mark: Mark) -> Run {
        var runRecords: [CacheKey] = []
        var runFields: [Field] = []
        runFields.reserveCapacity(fields.count - mark.fields)
        func add(_ name: String, of key: CacheKey) {
            if runRecords.last != key { runRecords.append(key) }
            runFields.append(Field(record: runRecords.count - 1, name: name))
        }
        for field in fields[mark.fields...] { add(field.name, of: records[field.record]) }
        for run in runs[mark.runs...] {
            for field in run.fields { add(field.name, of: run.records[field.record]) }
            runFieldCount -= run.count
        }
        fields.removeSubrange(mark.fields...)
        records.removeSubrange(mark.records...)
        runs.removeSubrange(mark.runs...)
        let run = Run(records: runRecords, fields: runFields)
        append(run)
        return run
    }

    /// How many fields were noted.
    var count: Int { fields.count + runFieldCount }

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

        let shorterRuns = Swift.min(runs.count, other.runs.count)
        var runPrefix = 0
        while runPrefix < shorterRuns, runs[runPrefix].isSame(as: other.runs[runPrefix]) { runPrefix += 1 }
        var runSuffix = 0
        while runSuffix < shorterRuns - runPrefix, runs[runs.count - 1 - runSuffix].isSame(as: other.runs[other.runs.count - 1 - runSuffix]) {
            runSuffix += 1
        }
        for run in runs[runPrefix..<(runs.count - runSuffix)] {
            for position in run.fields.indices { removed.append(run.key(at: position)) }
        }
        for run in other.runs[runPrefix..<(other.runs.count - runSuffix)] {
            for position in run.fields.indices { added.append(run.key(at: position)) }
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
        for run in runs { keys.formUnion(run.records) }
        return keys
    }

    func makeIterator() -> Iterator {
        Iterator(dependencies: self)
    }

    /// Gives each field as a ``FieldKey``: the fields noted one by one, then each run's.
    struct Iterator: IteratorProtocol {
        fileprivate let dependencies: ReadDependencies
        fileprivate var position = 0
        fileprivate var run = 0
        fileprivate var positionInRun = 0

        mutating func next() -> FieldKey? {
            if position < dependencies.fields.count {
                let field = dependencies.fields[position]
                position += 1
                return FieldKey(dependencies.records[field.record], field.name)
            }
            while run < dependencies.runs.count {
                let current = dependencies.runs[run]
                if positionInRun < current.count {
                    positionInRun += 1
                    return current.key(at: positionInRun - 1)
                }
                run += 1
                positionInRun = 0
            }
            return nil
        }
    }

    var underestimatedCount: Int { count }
}
