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

/// Issue 46's outbox bar: the CPU this process spends per mutation performed through a
/// `MutationQueue` over PostgreSQL (its default four workers), against a plain `perform`, at
/// most 1.5×. The example server runs in a process of its own (`example-server`, built beside
/// this benchmark), so the figures are the client's alone. Each iteration performs the same
/// number of mutations one after another both ways, alternating which goes first.
///
/// Needs a PostgreSQL server (`APOGEE_POSTGRES_URL`) and
/// `swift build -c release --product example-server` in this folder.
func outboxCPUBenchmarks() {
    guard let configuration = OutboxCPU.postgresConfiguration() else {
        print("The outbox CPU benchmark did not run: no PostgreSQL server. Start one with `eval \"export $(../.ci/postgres.sh)\"`, then run it again.")
        return
    }
    guard let serverExecutable = OutboxCPU.serverExecutable() else {
        print("The outbox CPU benchmark did not run: build the example server first, `swift build -c release --product example-server`.")
        return
    }
    let plain = BenchmarkMetric.custom("plain perform: CPU per mutation (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let outbox = BenchmarkMetric.custom("outbox perform: CPU per mutation (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let ratio = BenchmarkMetric.custom("outbox / plain (per mille)", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "Outbox CPU: perform through a PostgreSQL MutationQueue against a plain perform, per mutation, paired",
        configuration: .init(metrics: [plain, outbox, ratio], warmupIterations: 1, maxDuration: .seconds(120), maxIterations: 10)
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
            // Warm both paths: connections, the pool, statement plans.
            for number in 0..<20 {
                _ = try await client.perform(mutation: QueueBench.mutation(number))
                _ = try await queue.perform(mutation: QueueBench.mutation(number))
            }
            for iteration in benchmark.scaledIterations {
                var cpu: [Bool: Int] = [:]
                for turn in 0..<2 {
                    let isOutbox = (iteration + turn) % 2 == 1
                    let before = OutboxCPU.processMicroseconds()
                    for number in 0..<OutboxCPU.mutations {
                        if isOutbox {
                            _ = try await queue.perform(mutation: QueueBench.mutation(number))
                        } else {
                            _ = try await client.perform(mutation: QueueBench.mutation(number))
                        }
                    }
                    cpu[isOutbox] = (OutboxCPU.processMicroseconds() - before) / OutboxCPU.mutations
                }
                let plainCPU = cpu[false] ?? 0
                let outboxCPU = cpu[true] ?? 0
                benchmark.measurement(plain, plainCPU)
                benchmark.measurement(outbox, outboxCPU)
                benchmark.measurement(ratio, 1_000 * outboxCPU / max(plainCPU, 1))
            }
            await queue.stop()
        }
    }
}

enum OutboxCPU {
    static let mutations = 200

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

    /// `example-server` in the folder of this benchmark's executable.
    static func serverExecutable() -> URL? {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let server = executable.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("example-server")
        return FileManager.default.isExecutableFile(atPath: server.path) ? server : nil
    }

    /// User and system CPU of this process so far, in microseconds.
    static func processMicroseconds() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return (Int(usage.ru_utime.tv_sec) + Int(usage.ru_stime.tv_sec)) * 1_000_000 + Int(usage.ru_utime.tv_usec) + Int(usage.ru_stime.tv_usec)
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
