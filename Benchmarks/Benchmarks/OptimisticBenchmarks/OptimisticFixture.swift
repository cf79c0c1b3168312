import ApogeeAPI
import ApogeeStore

/// A store of `records` to-dos with 100 watchers on to-dos spread across it, and an optimistic
/// update that marks 10 of the watched to-dos complete.
final class OptimisticFixture: @unchecked Sendable {
    let store: NormalizedStore
    let mutation: MarkTodosMutation
    let response: OptimisticResponse<MarkTodosMutation.Data>
    /// The watchers' streams, kept so the watchers stay live. Each keeps only its newest
    /// result, so iterations do not pile results up.
    private var watches: [AsyncStream<Result<TodoRow, CacheMiss>>] = []
    /// The first watcher's results, which the check before the measurement reads.
    private var sample: AsyncStream<Result<TodoRow, CacheMiss>>.Iterator

    init(records: Int, watchers: Int = 100, touched: Int = 10) throws {
        store = NormalizedStore(source: InMemoryRecordSource(records: TodoRecords.make(records)))
        var watches: [AsyncStream<Result<TodoRow, CacheMiss>>] = []
        let stride = records / watchers
        let watched = (0..<watchers).map { $0 * stride }
        for index in watched {
            watches.append(store.watch(TodoRow.self, key: CacheKey("Todo:\(index)"), bufferingPolicy: .bufferingNewest(1)))
        }
        self.watches = watches
        sample = watches[0].makeAsyncIterator()
        // Every tenth watched to-do is touched, so 10 of the 100 watchers wake each time.
        let ids = watched.enumerated().filter { $0.offset % (watchers / touched) == 0 }.map { "\($0.element)" }
        mutation = MarkTodosMutation(ids: ids)
        response = OptimisticResponse(json: [
            "markTodos": ["changedTodos": .array(ids.map { ["id": .string($0), "complete": true] })],
        ])
    }

    /// Applies the optimistic update as a layer, then rolls it back.
    func applyAndRollBack() throws {
        let layer = try store.addOptimisticLayer(for: mutation, response: response)
        try store.removeOptimisticLayer(layer)
    }

    /// Checks, outside the measurement, that the update reaches a touched watcher and that the
    /// rollback restores it.
    func verify() async throws {
        _ = await sample.next()
        let layer = try store.addOptimisticLayer(for: mutation, response: response)
        guard case .success(let row)? = await sample.next(), row.complete else { throw FixtureError.notDelivered }
        try store.removeOptimisticLayer(layer)
        guard case .success(let restored)? = await sample.next(), !restored.complete, store.optimisticLayerIDs.isEmpty else {
            throw FixtureError.notRolledBack
        }
    }

    enum FixtureError: Error {
        case notDelivered
        case notRolledBack
    }
}
