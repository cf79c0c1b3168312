import ApogeeAPI

/// The result of reading from the store, with what the read depended on.
///
/// The dependencies are the fields the read looked at, including the ones that were missing,
/// so that a watcher knows which writes could change its result, whether it hit or missed.
public struct CacheRead<Value: Sendable>: Sendable {
    /// The value, or why the store could not give it.
    public var result: Result<Value, CacheMiss>
    /// The record fields the read looked at, in reading order (a field read twice appears twice).
    public var dependencyList: [FieldKey] {
        get { recorded.list }
        set { recorded = ReadDependencies(newValue) }
    }
    /// The same fields, kept compactly: most reads never ask for them as keys.
    var recorded: ReadDependencies
    /// The fields read past their expiry time, which ``CacheReadOptions/maxStale`` let
    /// through; empty when the data is fresh.
    public var expiredFields: [FieldKey] = []
    /// What a partial read (``CacheReadOptions/returnsPartialData``) lacked, by path in the
    /// data: each reads as `null`, or made its nearest nullable parent `null`.
    public var missingPaths: [ResponsePath] = []
    /// The server's errors for the fields the read found failed (``RecordValue/fieldError(_:)``),
    /// as the response that wrote them gave them; empty when none.
    public var fieldErrors: [GraphQLError] = []
    /// Whether an optimistic layer (an optimistic mutation, or a queued one shown at once)
    /// changes a record the read looked at: data the server has not confirmed.
    public var hasPendingWrites = false
    /// When reading again would give another result because a field expires, in
    /// milliseconds since 1970; `nil` when nothing read will.
    var nextExpiry: Int64?
    /// Whether a watcher's re-read knows its data differs from its last read's, because a list
    /// it took in part from that read came out other than it was.
    var differsFromLastRead = false

    /// Creates a read result.
    public init(result: Result<Value, CacheMiss>, dependencyList: [FieldKey]) {
        self.result = result
        self.recorded = ReadDependencies(dependencyList)
    }

    init(result: Result<Value, CacheMiss>, recorded: ReadDependencies) {
        self.result = result
        self.recorded = recorded
    }

    /// Whether the data includes fields past their expiry time (see ``expiredFields``).
    public var isStale: Bool { !expiredFields.isEmpty }

    /// The record fields the read looked at.
    public var dependencies: Set<FieldKey> {
        Set(recorded)
    }

    /// The value, or `nil` on a miss.
    public var value: Value? {
        if case .success(let value) = result { return value }
        return nil
    }

    /// The miss, or `nil` when the read succeeded.
    public var miss: CacheMiss? {
        if case .failure(let miss) = result { return miss }
        return nil
    }

    /// The record keys the read looked at.
    public var dependentRecords: Set<CacheKey> {
        recorded.recordKeys
    }
}

extension CacheRead where Value: SelectionSet {
    /// Reads with `reader`, keeping what it noted along the way.
    /// - Throws: Only what the record source throws; a miss is a value.
    init<Records>(reading type: Value.Type, from key: CacheKey, selections: [Selection], with reader: inout SelectionReader<Records>) throws {
        let result: Result<Value, CacheMiss>
        do {
            result = .success(try reader.read(type, from: key, selections: selections))
        } catch let miss as CacheMiss {
            result = .failure(miss)
        }
        self.init(result: result, recorded: reader.dependencies)
        expiredFields = reader.expiredFields
        missingPaths = reader.missingPaths
        fieldErrors = reader.fieldErrors
        hasPendingWrites = reader.hasPendingWrites
        nextExpiry = reader.nextExpiry
        differsFromLastRead = reader.changedRememberedList
    }
}
