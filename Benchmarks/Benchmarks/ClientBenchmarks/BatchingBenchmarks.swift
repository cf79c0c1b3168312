import Apogee
import ApogeeExampleServer
import Benchmark

/// The batching figure of the AsyncHTTPClient issue: 100 small queries issued at once, sent
/// by a client with `BatchingNetworkTransport` and by one without, alternating against one
/// server. Reports the requests the server received for each 100 queries, the wall time of
/// each, and their ratio per pair.
func batchingBenchmarks() {
    let queries = 100
    let server = LoopbackServer()
    let batchedTime = BenchmarkMetric.custom("batched: wall time (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let singleTime = BenchmarkMetric.custom("one by one: wall time (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let ratio = BenchmarkMetric.custom("batched / one by one (per mille)", polarity: .prefersSmaller, useScalingFactor: false)
    let batchedRequests = BenchmarkMetric.custom("batched: HTTP requests", polarity: .prefersSmaller, useScalingFactor: false)
    let singleRequests = BenchmarkMetric.custom("one by one: HTTP requests", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "100 queries at once, paired: batched (window 5 ms, up to 10 a batch) and one by one alternating",
        configuration: .init(metrics: [batchedTime, singleTime, ratio, batchedRequests, singleRequests], warmupIterations: 5, maxDuration: .seconds(20), maxIterations: 500),
        closure: { benchmark in
            guard let exampleServer = server.server, let single = server.client, let batched = server.batchingClient else {
                return benchmark.error("no server")
            }
            let clock = ContinuousClock()
            for iteration in benchmark.scaledIterations {
                var batchedDuration = Duration.zero
                var singleDuration = Duration.zero
                for turn in 0..<2 {
                    let isBatched = (iteration + turn) % 2 == 0
                    let before = exampleServer.recordedRequests.count
                    let start = clock.now
                    try await sendAtOnce(queries, through: isBatched ? batched : single)
                    let elapsed = clock.now - start
                    let requests = exampleServer.recordedRequests.count - before
                    benchmark.measurement(isBatched ? batchedTime : singleTime, Int(elapsed.nanoseconds / 1_000))
                    benchmark.measurement(isBatched ? batchedRequests : singleRequests, requests)
                    if isBatched { batchedDuration = elapsed } else { singleDuration = elapsed }
                }
                benchmark.measurement(ratio, Int(1_000 * batchedDuration.nanoseconds / max(singleDuration.nanoseconds, 1)))
                exampleServer.resetRecordedRequests()
            }
        },
        setup: { try await server.start() },
        teardown: { await server.stop() }
    )
}

/// Issues `count` small queries at once and waits for every result.
private func sendAtOnce(_ count: Int, through client: ApogeeClient) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<count {
            group.addTask {
                let result = try await client.fetch(query: LaunchSiteQuery(id: "\(index % 20 + 1)"), cachePolicy: .fetchIgnoringCacheData)
                guard result.data?.launch?.site != nil else { throw BenchmarkSetupFailure(description: "no launch in \(result)") }
            }
        }
        try await group.waitForAll()
    }
}
