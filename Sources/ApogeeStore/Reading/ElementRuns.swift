/// The fields that the reads of a watched list's elements looked at: one run of fields per
/// element, the runs of many elements kept together in a ``RunBlock``.
///
/// A watcher's re-read of a long list takes most elements again unchanged. Each such element
/// names its run where it already lies, so taking it costs no copy and no reference count, and
/// checking it against the records a commit changed walks memory that lies together. The
/// elements read again go into one new block; the blocks are immutable, so reads delivered to
/// other threads can share them.
struct ElementRuns: Sendable {
    /// The blocks the runs lie in.
    private(set) var blocks: [RunBlock]
    /// Each element's run, or ``RunReference/none`` for an element read with the list's other
    /// fields (`null`, or one whose fields expire).
    private(set) var runs: [RunReference]

    /// At most this many blocks: past it, the blocks this read's runs no longer mostly fill
    /// are joined into one.
    private static let maximumBlocks = 8
    /// A block with fewer live runs than this is joined with the others rather than kept.
    private static let smallestKeptBlock = 32

    /// The runs of a list being read, taking blocks from the list's last read.
    init(reusingBlocksOf previous: ElementRuns?, count: Int) {
        blocks = previous?.blocks ?? []
        runs = []
        runs.reserveCapacity(count)
    }

    /// Adds elements whose runs lie in the blocks already.
    mutating func append(contentsOf runs: ArraySlice<RunReference>) {
        self.runs.append(contentsOf: runs)
    }

    /// Adds an element whose run lies in the blocks already.
    @inline(__always)
    mutating func append(_ run: RunReference) {
        runs.append(run)
    }

    /// Ends the list's read: the runs `builder` made become a block. Past
    /// ``maximumBlocks``, the blocks at least half of whose runs this read names (and not
    /// few) are kept as they are, and this read's runs in the others are copied into one new
    /// block: a list read again one element at a time copies the few runs it read lately, not
    /// the whole list, and keeps at most about twice the runs it names.
    mutating func finish(adding builder: consuming RunBlock.Builder) {
        if !builder.isEmpty { blocks.append(builder.build()) }
        guard blocks.count > Self.maximumBlocks else { return }
        var liveRuns = [Int](repeating: 0, count: blocks.count)
        for run in runs where run != .none { liveRuns[Int(run.block)] += 1 }
        var keptBlocks: [RunBlock] = []
        var newPlaces = [Int32](repeating: -1, count: blocks.count)
        for (place, block) in blocks.enumerated() where liveRuns[place] >= Self.smallestKeptBlock && liveRuns[place] * 2 >= block.runCount {
            newPlaces[place] = Int32(keptBlocks.count)
            keptBlocks.append(block)
        }
        if keptBlocks.count >= Self.maximumBlocks {
            keptBlocks = []
            newPlaces = [Int32](repeating: -1, count: blocks.count)
        }
        var joined = RunBlock.Builder(newBlock: keptBlocks.count)
        for position in runs.indices where runs[position] != .none {
            let run = runs[position]
            let newPlace = newPlaces[Int(run.block)]
            runs[position] = newPlace >= 0
                ? RunReference(block: newPlace, run: run.run)
                : joined.addRun(copying: Int(run.run), of: blocks[Int(run.block)])
        }
        if !joined.isEmpty { keptBlocks.append(joined.build()) }
        blocks = keptBlocks
    }

    /// For each of these blocks, its place among `other`'s blocks when `other` holds the same
    /// block, else -1.
    func blockPlaces(in other: ElementRuns) -> [Int32] {
        blocks.map { block in Int32(other.blocks.firstIndex { $0 === block } ?? -1) }
    }

    /// Whether the element's run at `position` here and at `otherPosition` of `other` list
    /// the same fields: the same run of the same block (`places` is ``blockPlaces(in:)`` of
    /// `other`), or runs with equal fields.
    @inline(__always)
    func isSameRun(_ position: Int, as other: ElementRuns, _ otherPosition: Int, places: [Int32]) -> Bool {
        let run = runs[position]
        let otherRun = other.runs[otherPosition]
        if run == .none || otherRun == .none { return run == otherRun }
        if places[Int(run.block)] == otherRun.block && run.run == otherRun.run { return true }
        return blocks[Int(run.block)].hasSameFields(Int(run.run), as: other.blocks[Int(otherRun.block)], Int(otherRun.run))
    }

    /// The fields of the element's run at `position`; none for an element without one.
    func fieldKeys(at position: Int) -> [FieldKey] {
        let run = runs[position]
        guard run != .none else { return [] }
        return blocks[Int(run.block)].fieldKeys(of: Int(run.run))
    }

    /// Every record a run reads.
    var recordKeys: Set<CacheKey> {
        var keys = Set<CacheKey>()
        for block in blocks { keys.formUnion(block.records) }
        return keys
    }
}

/// One element's run: its block, and its place in the block.
struct RunReference: Hashable, Sendable {
    let block: Int32
    let run: Int32

    /// No run.
    static let none = RunReference(block: -1, run: -1)
}

/// The runs of fields of many list elements, in one block of memory. Immutable.
final class RunBlock: Sendable {
    /// The records read, once per stretch of fields read on each; the fields, as
    /// ``ReadDependencies`` notes them, their `record` the position in ``records``.
    let records: [CacheKey]
    private let fields: [ReadDependencies.Field]
    /// Where each run starts in ``fields`` and in ``records``, and one more: where the last ends.
    private let fieldStarts: [Int32]
    private let recordStarts: [Int32]

    private init(records: [CacheKey], fields: [ReadDependencies.Field], fieldStarts: [Int32], recordStarts: [Int32]) {
        self.records = records
        self.fields = fields
        self.fieldStarts = fieldStarts
        self.recordStarts = recordStarts
    }

    /// How many of the `count` runs from `first` on read no record in `changed`, counted
    /// until the first that reads one.
    func runsReadingNone(of changed: ChangedRecords, from first: Int, count: Int) -> Int {
        var run = first
        var end = Int(recordStarts[run + 1])
        for position in Int(recordStarts[first])..<Int(recordStarts[first + count]) {
            while position >= end {
                run += 1
                end = Int(recordStarts[run + 1])
            }
            if changed.contains(records[position]) { return run - first }
        }
        return count
    }

    /// How many runs the block holds.
    var runCount: Int { fieldStarts.count - 1 }

    /// Whether run `run` and run `otherRun` of `other` list the same fields in the same order.
    func hasSameFields(_ run: Int, as other: RunBlock, _ otherRun: Int) -> Bool {
        let start = Int(fieldStarts[run])
        let otherStart = Int(other.fieldStarts[otherRun])
        let count = Int(fieldStarts[run + 1]) - start
        guard count == Int(other.fieldStarts[otherRun + 1]) - otherStart else { return false }
        for offset in 0..<count {
            let field = fields[start + offset]
            let otherField = other.fields[otherStart + offset]
            guard field.name == otherField.name, records[field.record] == other.records[otherField.record] else { return false }
        }
        return true
    }

    /// The fields of run `run`, in the order they were read.
    func fieldKeys(of run: Int) -> [FieldKey] {
        fields[Int(fieldStarts[run])..<Int(fieldStarts[run + 1])].map { FieldKey(records[$0.record], $0.name) }
    }

    /// Makes a block, one run at a time.
    struct Builder {
        /// The place of the block being built among its list's blocks.
        private let block: Int32
        private var records: [CacheKey] = []
        private var fields: [ReadDependencies.Field] = []
        private var fieldStarts: [Int32] = [0]
        private var recordStarts: [Int32] = [0]

        init(newBlock block: Int) {
            self.block = Int32(block)
        }

        var isEmpty: Bool { fieldStarts.count == 1 }

        /// Notes a field of the run being made.
        mutating func note(_ name: String, of key: CacheKey) {
            if records.count == Int(recordStarts[recordStarts.count - 1]) || records[records.count - 1] != key {
                records.append(key)
            }
            fields.append(ReadDependencies.Field(record: records.count - 1, name: name))
        }

        /// Ends the run being made; returns where it lies.
        mutating func endRun() -> RunReference {
            fieldStarts.append(Int32(fields.count))
            recordStarts.append(Int32(records.count))
            return RunReference(block: block, run: Int32(fieldStarts.count - 2))
        }

        /// Adds a copy of run `run` of `other`; returns where it lies.
        mutating func addRun(copying run: Int, of other: RunBlock) -> RunReference {
            for field in other.fields[Int(other.fieldStarts[run])..<Int(other.fieldStarts[run + 1])] {
                note(field.name, of: other.records[field.record])
            }
            return endRun()
        }

        consuming func build() -> RunBlock {
            RunBlock(records: records, fields: fields, fieldStarts: fieldStarts, recordStarts: recordStarts)
        }
    }
}
