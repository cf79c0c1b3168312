import ApogeeAPI

/// Watches one selection set rooted at one record and yields its result to a stream each
/// time the result changes.
final class SelectionWatcher<Value: SelectionSet>: StoreWatcher {
    typealias Continuation = AsyncStream<Result<Value, CacheMiss>>.Continuation

    private let root: CacheKey
    private let selections: [Selection]
    private let variables: JSONObject
    private let continuation: Continuation
    private var last: Result<Value, CacheMiss>?
    private(set) var dependencies: [FieldKey] = []

    init(root: CacheKey, selections: [Selection], variables: JSONObject, continuation: Continuation) {
        self.root = root
        self.selections = selections
        self.variables = variables
        self.continuation = continuation
    }

    func refresh(from core: StoreCore) {
        let result: Result<Value, CacheMiss>
        do {
            let read = try NormalizedStore.read(Value.self, at: root, selections: selections, variables: variables, from: core)
            dependencies = read.dependencyList
            result = read.result
        } catch {
            // The source failed; keep the old dependencies so a later write retries.
            result = .failure(CacheMiss(key: root, field: nil, reason: .sourceFailed(String(describing: error))))
        }
        guard Self.shouldDeliver(result, after: last) else { return }
        last = result
        continuation.yield(result)
    }

    func finish() {
        continuation.finish()
    }

    /// Data is delivered when it differs from the last delivered data; a miss is delivered
    /// once when data stops being available (a removal or a clear), not again and again.
    private static func shouldDeliver(_ result: Result<Value, CacheMiss>, after last: Result<Value, CacheMiss>?) -> Bool {
        switch (last, result) {
        case (nil, _): true
        case (.success(let old)?, .success(let new)): old != new
        case (.failure?, .failure): false
        default: true
        }
    }
}
