import Benchmark

/// Registers a benchmark that times two ways of making the same round trip against one
/// server, alternating which goes first, and records each one's time and their ratio per
/// pair: a shared machine's load then falls on both alike and cancels out of the ratio.
///
/// - Parameters:
///   - name: The benchmark's name.
///   - first: What the ratio's numerator measures, and how to make one round trip that way.
///   - second: The baseline, and how to make one round trip that way.
func pairedRoundTrip(
    _ name: String,
    first: (label: String, roundTrip: @Sendable (LoopbackServer) async throws -> Void),
    second: (label: String, roundTrip: @Sendable (LoopbackServer) async throws -> Void)
) {
    let server = LoopbackServer()
    let firstTime = BenchmarkMetric.custom("\(first.label) (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    let secondTime = BenchmarkMetric.custom("\(second.label) (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    let ratio = BenchmarkMetric.custom("\(first.label) / \(second.label) (per mille)", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        name,
        configuration: .init(metrics: [firstTime, secondTime, ratio], maxDuration: .seconds(15), maxIterations: 4_000),
        closure: { benchmark in
            let clock = ContinuousClock()
            for iteration in benchmark.scaledIterations {
                var firstDuration = Duration.zero
                var secondDuration = Duration.zero
                for turn in 0..<2 {
                    let start = clock.now
                    if (iteration + turn) % 2 == 0 {
                        try await first.roundTrip(server)
                        firstDuration = clock.now - start
                    } else {
                        try await second.roundTrip(server)
                        secondDuration = clock.now - start
                    }
                }
                benchmark.measurement(firstTime, Int(firstDuration.nanoseconds))
                benchmark.measurement(secondTime, Int(secondDuration.nanoseconds))
                benchmark.measurement(ratio, Int(1_000 * firstDuration.nanoseconds / max(secondDuration.nanoseconds, 1)))
            }
        },
        setup: { try await server.start() },
        teardown: { await server.stop() }
    )
}
