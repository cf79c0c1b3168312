/// The result of reading from the store, with what the read depended on.
///
/// The dependencies are the fields the read looked at, including the ones that were missing,
/// so that a watcher knows which writes could change its result, whether it hit or missed.
public struct CacheRead<Value: Sendable>: Sendable {
    /// The value, or why the store could not give it.
    public var result: Result<Value, CacheMiss>
    /// The record fields the read looked at, in reading order (a field read twice appears twice).
    public var dependencyList: [FieldKey]

    /// Creates a read result.
    public init(result: Result<Value, CacheMiss>, dependencyList: [FieldKey]) {
        self.result = result
        self.dependencyList = dependencyList
    }

    /// The record fields the read looked at.
    public var dependencies: Set<FieldKey> {
        Set(dependencyList)
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
        Set(dependencyList.map(\.record))
    }
}
