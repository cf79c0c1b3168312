import Apogee
import ApogeePostgres
import Benchmark
import BenchmarkSupport
import Foundation
import Logging
import PostgresNIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 46's outbox bar: the CPU a fleet worker spends per mutation it delivers from a
/// PostgreSQL outbox, against a plain `perform` (at most 1.5×). The worker is a `MutationQueue`
/// with its default four deliveries, draining mutations queued beforehand (the app's enqueue is
/// not the worker's CPU, nor timed); the same process also performs mutations through the queue
/// one after another, each awaited, which adds the enqueue and the wait to each. The example
/// server runs in a process of its own (`example-server`, built beside this benchmark), so the
/// figures are the client's alone. Each iteration measures the ways in rotating order, with one
/// more for scale: a `SELECT 1` per mutation through the same `PostgresClient`, the client CPU of
/// the least a statement costs.
///
/// Needs a PostgreSQL server (`APOGEE_POSTGRES_URL`) and
/// `swift build -c release --product example-server` in this folder.
func outboxCPUBenchmarks() {
    guard let configuration = QueueBench.postgresConfiguration() else {
        print("The outbox CPU benchmark did not run: no PostgreSQL server. Start one with `eval \"export $(../.ci/postgres.sh)\"`, then run it again.")
        return
    }
    guard let serverExecutable = OutboxCPU.serverExecutable() else {
        print("The outbox CPU benchmark did not run: build the example server first, `swift build -c release --product example-server`.")
        return
    }
    let ways = [
        "plain perform", "fleet worker draining the outbox", "perform through the outbox, one after another",
        "one PostgresNIO round trip (SELECT 1, no perform)",
    ]
    let cpu = ways.map { BenchmarkMetric.custom("\($0): CPU per mutation (µs)", polarity: .prefersSmaller, useScalingFactor: false) }
    let ratios = ways.dropFirst().map { BenchmarkMetric.custom("\($0) / plain perform (per mille)", polarity: .prefersSmaller, useScalingFactor: false) }
    let switches = ways.map { BenchmarkMetric.custom("\($0): context switches per 100 mutations", polarity: .prefersSmaller, useScalingFactor: false) }
    Benchmark(
        "Outbox CPU: a fleet worker draining PostgreSQL, and perform through it, against a plain perform, per mutation",
        configuration: .init(metrics: cpu + ratios + switches, warmupIterations: 1, maxDuration: .seconds(180), maxIterations: 10)
    ) { benchmark in
        let server = try OutboxCPU.ServerProcess(executable: serverExecutable)
        defer { server.stop() }
        var logger = Logger(label: "apogee.benchmarks.outbox-cpu")
        logger.logLevel = .error
        let postgres = PostgresClient(configuration: configuration, backgroundLogger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await postgres.run() }
            defer { group.cancelAll() }
            let storage = PostgresMutationQueueStorage(client: postgres)
            try await storage.migrate()
            try await postgres.query("TRUNCATE apogee_mutations, apogee_mutation_outcomes, apogee_mutation_queues")
            let client = ApogeeClient(url: server.todoURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: nativeHTTPTransport())
            let queue = MutationQueue(
                client: ApogeeClient(url: server.todoURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: nativeHTTPTransport()),
                storage: storage,
                restoring: [AddTodoMutation.self],
                configuration: .init(workerName: "outbox-cpu")
            )
            try await queue.start()
            // Warm every path: connections, the pool, statement plans.
            for number in 0..<20 {
                _ = try await client.perform(mutation: QueueBench.mutation(number))
                _ = try await queue.perform(mutation: QueueBench.mutation(number))
            }
            for iteration in benchmark.scaledIterations {
                var perMutation = [Int](repeating: 0, count: ways.count)
                var switchesPerHundred = [Int](repeating: 0, count: ways.count)
                for turn in 0..<ways.count {
                    let way = (iteration + turn) % ways.count
                    // `APOGEE_OUTBOX_WAY=1` runs one way alone, for a profile of it.
                    if let only = OutboxCPU.onlyWay, only != way { continue }
                    // Queued by the app, untimed; the idle worker finds them at its next poll.
                    if way == 1 { try await QueueBench.fill(storage, count: OutboxCPU.mutations) }
                    let before = OutboxCPU.processMicroseconds()
                    let switchesBefore = OutboxCPU.contextSwitches()
                    switch way {
                    case 0:
                        for number in 0..<OutboxCPU.mutations { _ = try await client.perform(mutation: QueueBench.mutation(number)) }
                    case 1:
                        // Looked at from here rather than by the queue's own wait, which counts
                        // the pending mutations after each settlement: a statement the worker
                        // would not send.
                        let deadline = ContinuousClock.now + .seconds(120)
                        while try await storage.pendingCount() > 0 {
                            guard ContinuousClock.now < deadline else { throw QueueBenchFailure(description: "the worker did not drain the outbox") }
                            try await Task.sleep(for: .milliseconds(50))
                        }
                    case 2:
                        for number in 0..<OutboxCPU.mutations { _ = try await queue.perform(mutation: QueueBench.mutation(number)) }
                    default:
                        // The floor of one statement: what PostgresNIO's pool, encoding and I/O
                        // cost the client, with no work on the server to speak of.
                        for _ in 0..<OutboxCPU.mutations {
                            for try await value in try await postgres.query("SELECT 1", logger: logger).decode(Int.self) { blackHole(value) }
                        }
                    }
                    perMutation[way] = (OutboxCPU.processMicroseconds() - before) / OutboxCPU.mutations
                    switchesPerHundred[way] = 100 * (OutboxCPU.contextSwitches() - switchesBefore) / OutboxCPU.mutations
                }
                for way in ways.indices {
                    benchmark.measurement(cpu[way], perMutation[way])
                    benchmark.measurement(switches[way], switchesPerHundred[way])
                }
                for way in 1..<ways.count { benchmark.measurement(ratios[way - 1], 1_000 * perMutation[way] / max(perMutation[0], 1)) }
            }
            await queue.stop()
        }
    }
}

enum OutboxCPU {
    static let mutations = 200
    static let onlyWay = ProcessInfo.processInfo.environment["APOGEE_OUTBOX_WAY"].flatMap { Int($0) }

    /// `example-server` in the folder of this benchmark's executable.
    static func serverExecutable() -> URL? {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let server = executable.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("example-server")
        return FileManager.default.isExecutableFile(atPath: server.path) ? server : nil
    }

    /// User and system CPU of this process so far, in microseconds.
    static func processMicroseconds() -> Int {
        let usage = processUsage()
        return (Int(usage.ru_utime.tv_sec) + Int(usage.ru_stime.tv_sec)) * 1_000_000 + Int(usage.ru_utime.tv_usec) + Int(usage.ru_stime.tv_usec)
    }

    /// Context switches of this process so far, voluntary (a thread waiting) and not.
    static func contextSwitches() -> Int {
        let usage = processUsage()
        return Int(usage.ru_nvcsw) + Int(usage.ru_nivcsw)
    }

    private static func processUsage() -> rusage {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage
    }

    /// The example server in a child process on a free port, stopped with the benchmark.
    final class ServerProcess {
        let process = Process()
        let todoURL: URL

        init(executable: URL) throws {
            let output = Pipe()
            process.executableURL = executable
            process.arguments = ["--port", "0", "--log-level", "error"]
            process.standardOutput = output
            try process.run()
            // The server prints its URLs once it listens; the Todo line is the one needed.
            var text = ""
            while !text.contains("Live:") {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Todo:") }),
                  let url = URL(string: line.dropFirst("Todo:".count).trimmingCharacters(in: .whitespaces))
            else {
                process.terminate()
                throw QueueBenchFailure(description: "the example server printed no Todo URL: \(text)")
            }
            todoURL = url
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
