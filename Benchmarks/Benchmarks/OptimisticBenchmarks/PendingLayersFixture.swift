import ApogeeAPI
import ApogeeStore

/// Issue 17's layered write: a store of 2,000 to-dos with 100 watchers, under `layers` pending
/// optimistic layers (a long offline queue, each queued mutation marking one to-do complete),
/// and a server answer that writes 10 other to-dos, some of them watched.
///
/// The layers are made the way the queue makes them: `restored` lays saved change sets over
/// the base, as after a restart; otherwise each layer is an updater closure, as while the app
/// runs.
final class PendingLayersFixture: @unchecked Sendable {
    let store: NormalizedStore
    private let answers: [JSONObject]
    private let mutation: MarkTodosMutation
    private var next = 0
    private var watches: [AsyncStream<Result<TodoRow, CacheMiss>>] = []

    init(layers: Int, restored: Bool, records: Int = 2_000, watchers: Int = 100) throws {
        store = NormalizedStore(source: InMemoryRecordSource(records: TodoRecords.make(records)))
        for index in stride(from: 0, to: records, by: records / watchers) {
            watches.append(store.watch(TodoRow.self, key: CacheKey("Todo:\(index)"), bufferingPolicy: .bufferingNewest(1)))
        }
        for index in 0..<layers {
            let key = CacheKey("Todo:\(index)")
            if restored {
                let guess = try Self.guess(completing: key, in: store)
                try store.addOptimisticLayer(restoring: guess)
            } else {
                try store.addOptimisticLayer { transaction in
                    try transaction.setField("complete", to: .scalar(true), of: key)
                }
            }
        }
        // The answer writes 10 to-dos past the layered ones, every other one watched; it
        // alternates between complete and not, so every write changes what it writes.
        let ids = (0..<10).map { "\(records / 2 + $0 * 20)" }
        mutation = MarkTodosMutation(ids: ids)
        answers = [true, false].map { complete in
            ["markTodos": ["changedTodos": .array(ids.map { ["id": .string($0), "complete": .bool(complete)] })]]
        }
    }

    /// The change set a layer marking `key` complete makes, as the queue saves it.
    private static func guess(completing key: CacheKey, in store: NormalizedStore) throws -> RecordChangeSet {
        let layer = try store.addOptimisticLayer { transaction in
            try transaction.setField("complete", to: .scalar(true), of: key)
        }
        defer { _ = try? store.removeOptimisticLayer(layer) }
        return store.optimisticChanges(of: layer) ?? RecordChangeSet()
    }

    /// Writes the next server answer.
    func writeAnswer() throws {
        try store.write(data: answers[next], for: mutation)
        next = 1 - next
    }

    /// Checks, outside the measurement, that the layers show and that the answer lands.
    func verify(layers: Int) throws {
        guard store.optimisticLayerIDs.count == layers else { throw FixtureError.layersMissing }
        if layers > 0, try store.record(for: "Todo:0")?["complete"] != .scalar(true) { throw FixtureError.layersMissing }
        try writeAnswer()
        let written = try store.record(for: CacheKey("Todo:\(1_000)"))?["complete"]
        try writeAnswer()
        let rewritten = try store.record(for: CacheKey("Todo:\(1_000)"))?["complete"]
        guard written == .scalar(true), rewritten == .scalar(false) else { throw FixtureError.answerMissing }
    }

    enum FixtureError: Error {
        case layersMissing
        case answerMissing
    }
}
