/// The records a commit changed, as a watcher's re-read asks about them: one record at a time,
/// for every element of a long list, where the commit usually changed only a few.
struct ChangedRecords {
    /// Up to this many keys are compared one by one: for short keys that is cheaper than
    /// hashing the key asked about.
    private static let comparedOneByOne = 8
    private let few: [CacheKey]
    private let many: Set<CacheKey>?
    /// Two bits of each key's stored hash: a key with either bit clear is not among them, which
    /// tells most unchanged records apart without a lookup.
    private let filter: UInt64

    /// The records the change sets touch, or `nil` when one of them removes every record.
    init?(_ changeSets: [RecordChangeSet]) {
        guard !changeSets.contains(where: \.removesAllRecords) else { return nil }
        let count = changeSets.reduce(0) { $0 + $1.changes.count }
        var filter: UInt64 = 0
        for set in changeSets {
            for key in set.changes.keys { filter |= Self.filterBits(of: key.storedHash) }
        }
        self.filter = filter
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
        filter = few.reduce(0) { $0 | Self.filterBits(of: $1.storedHash) }
    }

    @inline(__always)
    private static func filterBits(of hash: Int) -> UInt64 {
        (1 as UInt64) << UInt64(hash & 63) | (1 as UInt64) << UInt64((hash >> 6) & 63)
    }

    /// No record.
    static let none = ChangedRecords(few: [])

    @inline(__always)
    func contains(_ key: CacheKey) -> Bool {
        let bits = Self.filterBits(of: key.storedHash)
        guard filter & bits == bits else { return false }
        if let many { return many.contains(key) }
        return few.contains(key)
    }
}
