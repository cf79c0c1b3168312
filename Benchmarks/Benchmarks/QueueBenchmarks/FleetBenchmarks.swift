import Apogee
import ApogeePostgres
import ApogeeSQLite
import Benchmark
import BenchmarkSupport
import ApogeeExampleServer
import Foundation
import Logging
import PostgresNIO

/// Issue 18: drain 1,000 queued mutations from a PostgreSQL outbox with 1, 2 and 4 workers,
/// against the same 1,000 drained from a SQLite file by one worker.
///
/// A worker is one `MutationQueue` with its own client, as one process of a fleet has, with one
/// mutation in flight (`concurrentDeliveries: 1`); the SQLite queue's mutations are all in one
/// queue, so it too has one in flight. The PostgreSQL mutations are spread over eight queue
/// names, so that up to eight workers can deliver at once. Each sample runs the four ways in
/// rotating order, each against a fresh example server, and reports each time with its rate.
/// On 2 cores the workers, the example server and PostgreSQL share the machine: what scaling
/// shows is reported, not asserted.
///
/// Needs a PostgreSQL server: `APOGEE_POSTGRES_URL`, which `../.ci/postgres.sh` starts.
func fleetBenchmarks() {
    guard let configuration = QueueBench.postgresConfiguration() else {
        print("The fleet benchmark did not run: no PostgreSQL server. Start one with `eval \"export $(../.ci/postgres.sh)\"`, then run it again.")
        return
    }
    let ways = ["SQLite, 1 worker", "PostgreSQL, 1 worker", "PostgreSQL, 2 workers", "PostgreSQL, 4 workers"]
    let times = ways.map { BenchmarkMetric.custom("\($0) (ms)", polarity: .prefersSmaller, useScalingFactor: false) }
    let rates = ways.map { BenchmarkMetric.custom("\($0) (mutations/s)", polarity: .prefersLarger, useScalingFactor: false) }

    Benchmark(
        "Drain 1,000 queued mutations, paired: SQLite with 1 worker (baseline), PostgreSQL with 1, 2 and 4 workers",
        configuration: .init(metrics: times + rates, warmupIterations: 1, maxDuration: .seconds(180), maxIterations: 6)
    ) { benchmark in
        for iteration in benchmark.scaledIterations {
            for turn in 0..<ways.count {
                let way = (iteration + turn) % ways.count
                let server = try await ExampleServer.start()
                let elapsed: Duration
                do {
                    elapsed = way == 0 ? try await FleetBench.drainSQLite(server) : try await FleetBench.drainPostgres(server, workers: [1, 2, 4][way - 1], configuration: configuration)
                } catch {
                    await server.shutdown()
                    throw error
                }
                await server.shutdown()
                benchmark.measurement(times[way], elapsed.milliseconds)
                benchmark.measurement(rates[way], 1_000 * QueueBench.count / max(elapsed.milliseconds, 1))
            }
        }
    }
}

/// The ways the fleet benchmark drains its 1,000 mutations.
enum FleetBench {
    static let queueNames = 8

    /// One worker on a SQLite file, all mutations in one queue.
    static func drainSQLite(_ server: ExampleServer) async throws -> Duration {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("apogee-fleet-bench-\(UUID().uuidString).sqlite").path
        defer { QueueBench.remove(file) }
        let persistence = try SQLiteStore(path: file)
        try await QueueBench.fill(persistence.mutationQueueStorage)
        let client = ApogeeClient(url: server.todoURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: nativeHTTPTransport())
        let start = ContinuousClock.now
        try await QueueBench.drain(MutationQueue(client: client, storage: persistence.mutationQueueStorage, restoring: [AddTodoMutation.self]))
        let elapsed = ContinuousClock.now - start
        try persistence.close()
        return elapsed
    }

    /// `workers` queues, each with its own client and one mutation in flight, sharing the
    /// PostgreSQL outbox; filling it is not timed.
    static func drainPostgres(_ server: ExampleServer, workers: Int, configuration: PostgresClient.Configuration) async throws -> Duration {
        var logger = Logger(label: "apogee.benchmarks.fleet")
        logger.logLevel = .error
        let postgres = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await postgres.run() }
            defer { group.cancelAll() }
            let storage = PostgresMutationQueueStorage(client: postgres)
            try await storage.migrate()
            try await postgres.query("TRUNCATE apogee_mutations, apogee_mutation_outcomes, apogee_mutation_queues")
            try await QueueBench.fill(storage, queues: queueNames)
            let queues = (0..<workers).map { index in
                MutationQueue(
                    client: ApogeeClient(url: server.todoURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: nativeHTTPTransport()),
                    storage: storage,
                    restoring: [AddTodoMutation.self],
                    configuration: .init(workerName: "bench-\(index)", pollInterval: .milliseconds(20), concurrentDeliveries: 1)
                )
            }
            let start = ContinuousClock.now
            for queue in queues { try await queue.start() }
            guard let first = queues.first, await first.waitUntilEmpty(timeout: .seconds(120)) else {
                throw QueueBenchFailure(description: "the fleet did not drain")
            }
            let elapsed = ContinuousClock.now - start
            for queue in queues { await queue.stop() }
            return elapsed
        }
    }
}
