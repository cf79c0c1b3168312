import Apogee
import ApogeeSQLite
import Benchmark
import Foundation

/// What the SQLite queue's storage costs for each mutation it delivers, without the network:
/// 100 queued mutations settled one after another, each with the next one's attempt counted.
///
/// The baseline does it in two commits per mutation, `settle(_:outcome:)` then
/// `recordAttempt(_:)`, as the queue did before; the other in one,
/// `settle(_:outcome:recordingAttemptAt:)`, as the queue does now. Filling the queue is not
/// timed.
func settleBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .instructions],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(10),
        maxIterations: 200
    )
    Benchmark("Settle 100 queued mutations in SQLite: settle, then count the next attempt (baseline)", configuration: configuration) { benchmark in
        try SettleBench.run(benchmark) { storage, key, next in
            try storage.settle(key, outcome: SettleBench.outcome)
            if let next { blackHole(try storage.recordAttempt(next)) }
        }
    }
    Benchmark("Settle 100 queued mutations in SQLite: settle and count the next attempt in one commit", configuration: configuration) { benchmark in
        try SettleBench.run(benchmark) { storage, key, next in
            if let next {
                blackHole(try storage.settle(key, outcome: SettleBench.outcome, recordingAttemptAt: next))
            } else {
                try storage.settle(key, outcome: SettleBench.outcome)
            }
        }
    }
}

/// The shared set-up of the settle benchmarks.
enum SettleBench {
    static let count = 100
    /// What the example server answers an `AddTodo`, as the queue records it.
    static let outcome = MutationOutcome.delivered(response: [
        "data": ["addTodo": ["__typename": "Todo", "id": "todo-1", "text": "Queued 1", "completed": false]],
    ])

    /// Fills a fresh file with `count` mutations, then times settling each in order with
    /// `settle`, which is given the key after it (`nil` for the last).
    static func run(
        _ benchmark: Benchmark,
        settle: (SQLiteMutationQueueStorage, String, String?) throws -> Void
    ) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("apogee-settle-bench-\(UUID().uuidString).sqlite").path
        defer { QueueBench.remove(file) }
        let persistence = try SQLiteStore(path: file)
        let storage = persistence.mutationQueueStorage
        // The outcomes table full, as in a queue that has run for a while: each settlement
        // then also forgets the oldest outcome.
        for number in 0..<1_000 { try storage.settle("earlier-\(number)", outcome: outcome) }
        var keys: [String] = []
        for number in 0..<count {
            guard case .enqueued(let queued) = try storage.enqueue(QueuedMutation(
                operationName: AddTodoMutation.operationName,
                document: AddTodoMutation.document,
                variables: QueueBench.mutation(number).variablesJSON
            )) else { throw QueueBenchFailure(description: "a mutation was not queued") }
            keys.append(queued.idempotencyKey)
        }
        benchmark.startMeasurement()
        for (index, key) in keys.enumerated() {
            try settle(storage, key, index + 1 < keys.count ? keys[index + 1] : nil)
        }
        benchmark.stopMeasurement()
        guard try storage.pendingMutations().isEmpty else { throw QueueBenchFailure(description: "a mutation was not settled") }
        try persistence.close()
    }
}
