import Apogee
import ApogeeExampleServer
import ApogeeSQLite
import Benchmark
import BenchmarkSupport
import Foundation
import PostgresNIO

/// Issue 7: drain 1,000 queued mutations against the example server on loopback.
///
/// Three ways to send the same 1,000 mutations one after another: `perform(mutation:)` with an
/// idempotency key and no queue (the baseline: the network and the server's work, its
/// idempotency ledger included), a queue in memory (what queueing costs), and a queue in a
/// SQLite file (what durability costs: each mutation is written before it is sent, its
/// attempt counted, and its outcome recorded).
///
/// Each sample runs all three, in rotating order, each against a fresh server (a server that
/// has applied thousands of mutations answers more slowly), and reports the three times and
/// their ratios, so that the noise of a shared machine falls on all three alike.
let benchmarks: @Sendable () -> Void = {
    fleetBenchmarks()
    outboxCPUBenchmarks()
    settleBenchmarks()
    let baselineTime = BenchmarkMetric.custom("perform, no queue (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    let inMemoryTime = BenchmarkMetric.custom("in-memory queue (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    let durableTime = BenchmarkMetric.custom("SQLite queue (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    let inMemoryRatio = BenchmarkMetric.custom("in-memory queue / perform (per mille)", polarity: .prefersSmaller, useScalingFactor: false)
    let durableRatio = BenchmarkMetric.custom("SQLite queue / perform (per mille)", polarity: .prefersSmaller, useScalingFactor: false)

    Benchmark(
        "Drain 1,000 queued mutations, paired: perform (baseline), in-memory queue, SQLite queue",
        configuration: .init(
            metrics: [baselineTime, inMemoryTime, durableTime, inMemoryRatio, durableRatio],
            warmupIterations: 1,
            maxDuration: .seconds(60),
            maxIterations: 12
        )
    ) { benchmark in
        for iteration in benchmark.scaledIterations {
            var times: [Duration] = [.zero, .zero, .zero]
            for turn in 0..<3 {
                let way = (iteration + turn) % 3
                times[way] = try await QueueBench.time(way)
            }
            let baseline = max(times[0].milliseconds, 1)
            benchmark.measurement(baselineTime, times[0].milliseconds)
            benchmark.measurement(inMemoryTime, times[1].milliseconds)
            benchmark.measurement(durableTime, times[2].milliseconds)
            benchmark.measurement(inMemoryRatio, 1_000 * times[1].milliseconds / baseline)
            benchmark.measurement(durableRatio, 1_000 * times[2].milliseconds / baseline)
        }
    }
}

/// The three ways of sending the mutations, each timed against its own fresh server.
enum QueueBench {
    static let count = 1_000

    /// The PostgreSQL server of `APOGEE_POSTGRES_URL`, as the tests name it; `nil` without one.
    static func postgresConfiguration() -> PostgresClient.Configuration? {
        guard let url = ProcessInfo.processInfo.environment["APOGEE_POSTGRES_URL"].flatMap(URL.init(string:)), let host = url.host else { return nil }
        return PostgresClient.Configuration(
            host: host,
            port: url.port ?? 5432,
            username: url.user ?? "postgres",
            password: url.password,
            database: url.pathComponents.last,
            tls: .disable
        )
    }

    static func mutation(_ number: Int) -> AddTodoMutation {
        AddTodoMutation(input: .init(text: "Queued \(number)", userId: "me"))
    }

    /// How long way 0 (perform), 1 (in-memory queue) or 2 (SQLite queue) takes for 1,000
    /// mutations; the server's start and the queue's filling are not timed.
    static func time(_ way: Int) async throws -> Duration {
        let server = try await ExampleServer.start()
        do {
            let elapsed = try await time(way, against: server)
            await server.shutdown()
            return elapsed
        } catch {
            await server.shutdown()
            throw error
        }
    }

    private static func time(_ way: Int, against server: ExampleServer) async throws -> Duration {
        let client = ApogeeClient(url: server.todoURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: nativeHTTPTransport())
        let clock = ContinuousClock()
        switch way {
        case 0:
            let start = clock.now
            for number in 0..<count {
                // With an idempotency key, as the queue sends them: the server does the same work.
                var context = RequestContext()
                context.idempotencyKey = UUID().uuidString
                blackHole(try await client.perform(mutation: mutation(number), context: context))
            }
            return clock.now - start
        case 1:
            let storage = InMemoryMutationQueueStorage()
            try await fill(storage)
            let start = clock.now
            try await drain(MutationQueue(client: client, storage: storage, restoring: [AddTodoMutation.self]))
            return clock.now - start
        default:
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("apogee-queue-bench-\(UUID().uuidString).sqlite").path
            defer { remove(file) }
            let persistence = try SQLiteStore(path: file)
            try await fill(persistence.mutationQueueStorage)
            let start = clock.now
            try await drain(MutationQueue(client: client, storage: persistence.mutationQueueStorage, restoring: [AddTodoMutation.self]))
            let elapsed = clock.now - start
            try persistence.close()
            return elapsed
        }
    }

    /// Queues `count` mutations in storage, as an earlier run that could not send them would.
    static func fill(_ storage: any MutationQueueStorage, count: Int = count, queues: Int = 1) async throws {
        for number in 0..<count {
            _ = try await storage.enqueue(QueuedMutation(
                queue: queues == 1 ? "default" : "queue-\(number % queues)",
                operationName: AddTodoMutation.operationName,
                document: AddTodoMutation.document,
                variables: mutation(number).variablesJSON
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

extension Duration {
    /// The whole duration in milliseconds.
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds * 1_000 + attoseconds / 1_000_000_000_000_000)
    }
}
