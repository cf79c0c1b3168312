import Apogee
import ApogeeExampleServer
import ApogeeSQLite
import Benchmark
import Foundation

/// Issue 7: drain 1,000 queued mutations against the example server on loopback.
///
/// Three ways to send the same 1,000 mutations, one after the other, to a fresh server each:
/// `perform(mutation:)` with an idempotency key and no queue (the baseline: the network and the
/// server's work, its idempotency ledger included), a
/// queue in memory (what queueing costs), and a queue in a SQLite file (what durability
/// costs: each mutation is written before it is sent, counted, and settled).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(20),
        maxIterations: 20
    )

    let baseline = QueueBench()
    Benchmark(
        "Send 1,000 mutations: perform(mutation:) one after another (baseline)",
        closure: { benchmark in
            guard let client = baseline.client else { return benchmark.error("no server") }
            for number in 0..<QueueBench.count {
                // With an idempotency key, as the queue sends them: the server does the same work.
                var context = RequestContext()
                context.idempotencyKey = UUID().uuidString
                blackHole(try await client.perform(mutation: QueueBench.mutation(number), context: context))
            }
        },
        setup: { try await baseline.start() },
        teardown: { await baseline.stop() }
    )

    let inMemory = QueueBench()
    Benchmark(
        "Drain 1,000 queued mutations: in-memory queue",
        closure: { benchmark in
            guard let client = inMemory.client else { return benchmark.error("no server") }
            let storage = InMemoryMutationQueueStorage()
            try QueueBench.fill(storage)
            benchmark.startMeasurement()
            try await QueueBench.drain(MutationQueue(client: client, storage: storage, restoring: [AddTodoMutation.self]))
            benchmark.stopMeasurement()
        },
        setup: { try await inMemory.start() },
        teardown: { await inMemory.stop() }
    )

    let durable = QueueBench()
    Benchmark(
        "Drain 1,000 queued mutations: SQLite queue",
        closure: { benchmark in
            guard let client = durable.client else { return benchmark.error("no server") }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("apogee-queue-bench-\(UUID().uuidString).sqlite").path
            defer { QueueBench.remove(file) }
            let persistence = try SQLiteStore(path: file)
            try QueueBench.fill(persistence.mutationQueueStorage)
            benchmark.startMeasurement()
            try await QueueBench.drain(MutationQueue(client: client, storage: persistence.mutationQueueStorage, restoring: [AddTodoMutation.self]))
            benchmark.stopMeasurement()
            try persistence.close()
        },
        setup: { try await durable.start() },
        teardown: { await durable.stop() }
    )
}

/// An example server on loopback for one benchmark, and a client of its Todo endpoint.
final class QueueBench: @unchecked Sendable {
    // Set in setup and cleared in teardown, which never overlap the measured closure.
    private(set) var server: ExampleServer?
    private(set) var client: ApogeeClient?

    static let count = 1_000

    static func mutation(_ number: Int) -> AddTodoMutation {
        AddTodoMutation(input: .init(text: "Queued \(number)", userId: "me"))
    }

    func start() async throws {
        let server = try await ExampleServer.start()
        self.server = server
        client = ApogeeClient(url: server.todoURL, interceptorProvider: DefaultInterceptorProvider(retry: nil))
    }

    func stop() async {
        await server?.shutdown()
        server = nil
        client = nil
    }

    /// Queues the 1,000 mutations in storage, as an earlier run that could not send them would.
    static func fill(_ storage: any MutationQueueStorage) throws {
        for number in 0..<count {
            let mutation = mutation(number)
            _ = try storage.enqueue(QueuedMutation(
                operationName: AddTodoMutation.operationName,
                document: AddTodoMutation.document,
                variables: mutation.variablesJSON
            ))
        }
    }

    /// Starts the queue and waits until every mutation is delivered.
    static func drain(_ queue: MutationQueue) async throws {
        try await queue.start()
        guard await queue.waitUntilEmpty(timeout: .seconds(120)), try await queue.pendingMutations().isEmpty else {
            throw QueueBenchFailure(description: "the queue did not drain")
        }
    }

    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

/// A benchmark that did not do what it measures.
struct QueueBenchFailure: Error, CustomStringConvertible {
    var description: String
}
