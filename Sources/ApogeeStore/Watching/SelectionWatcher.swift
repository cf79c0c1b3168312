import ApogeeAPI

/// Watches one selection set rooted at one record and delivers each read whose result changed.
final class SelectionWatcher<Value: SelectionSet>: StoreWatcher {
    private let root: CacheKey
    private let selections: [Selection]
    private let variables: JSONObject
    private let options: CacheReadOptions
    /// Whether a change in staleness or pending writes alone is delivered, or only a change
    /// in the data (for the streams of plain results).
    private let deliversState: Bool
    private let deliver: (CacheRead<Value>) -> Void
    private let onFinish: () -> Void
    private var last: CacheRead<Value>?
    /// The lists of the last read, so that a re-read decodes only the elements that changed.
    private let listMemory = ListMemory()
    private(set) var dependencies = ReadDependencies()
    private(set) var nextExpiry: Int64?

    init(
        root: CacheKey,
        selections: [Selection],
        variables: JSONObject,
        options: CacheReadOptions,
        deliversState: Bool,
        deliver: @escaping (CacheRead<Value>) -> Void,
        finish: @escaping () -> Void
    ) {
        self.root = root
        self.selections = selections
        self.variables = variables
        self.options = options
        self.deliversState = deliversState
        self.deliver = deliver
        self.onFinish = finish
    }

    func refresh(from core: StoreCore, changed: ChangedRecords?) {
        var read: CacheRead<Value>
        do {
            read = try NormalizedStore.read(
                Value.self, at: root, selections: selections, variables: variables, options: options, from: core,
                listMemory: listMemory, changedRecords: changed)
            if changed != nil, read.miss?.reason.decodingError != nil {
                // Perhaps a list taken from the last read that does not fit (it should always
                // fit): read everything again rather than deliver a miss for it.
                read = try NormalizedStore.read(
                    Value.self, at: root, selections: selections, variables: variables, options: options, from: core,
                    listMemory: listMemory, changedRecords: nil)
            }
            dependencies = read.recorded
            nextExpiry = read.nextExpiry
        } catch {
            // The source failed; keep the old dependencies so a later write retries.
            read = CacheRead(result: .failure(CacheMiss(key: root, field: nil, reason: .sourceFailed(String(describing: error)))), recorded: dependencies)
        }
        guard shouldDeliver(read) else { return }
        last = read
        deliver(read)
    }

    func finish() {
        onFinish()
    }

    /// Data is delivered when it differs from the last delivered data; a miss is delivered
    /// once when data stops being available (a removal or a clear), not again and again.
    /// With ``deliversState``, a change in staleness or pending writes is delivered too.
    private func shouldDeliver(_ read: CacheRead<Value>) -> Bool {
        guard let last else { return true }
        switch (last.result, read.result) {
        case (.success(let old), .success(let new)):
            // The last read's data equals the last delivered (it was delivered, or it was not
            // because it was equal), so a read known to differ from it needs no comparison:
            // a long list with one element changed would otherwise be compared whole.
            if read.differsFromLastRead || old != new { return true }
            return deliversState
                && (last.expiredFields != read.expiredFields || last.hasPendingWrites != read.hasPendingWrites || last.missingPaths != read.missingPaths)
        case (.failure, .failure): return false
        default: return true
        }
    }
}
