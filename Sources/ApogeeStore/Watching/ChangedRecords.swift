/// The records a commit changed, as a watcher's re-read asks about them: one record at a time,
/// for every element of a long list, where the commit usually changed only a few.
struct ChangedRecords {
    /// Up to this many keys are compared one by one: for short keys that is cheaper than
    /// hashing the key asked about.
    private static let comparedOneByOne = 8
    private let few: [CacheKey]
    private let many: Set<CacheKey>?

    /// The records the change sets touch, or `nil` when one of them removes every record.
    init?(_ changeSets: [RecordChangeSet]) {
        guard !changeSets.contains(where: \.removesAllRecords) else { return nil }
        let count = changeSets.reduce(0) { $0 + $1.changes.count }
        if count <= Self.comparedOneByOne {
            few = changeSets.flatMap(\.changes.keys)
            many = nil
        } else {
            few = []
            var keys = Set<CacheKey>(minimumCapacity: count)
            for set in changeSets { keys.formUnion(set.changes.keys) }
            many = keys
        }
    }

    private init(few: [CacheKey]) {
        self.few = few
        many = nil
    }

    /// No record.
    static let none = ChangedRecords(few: [])

    func contains(_ key: CacheKey) -> Bool {
        if let many { return many.contains(key) }
        return few.contains(key)
    }
}
