import Benchmark
import BenchmarkSupport

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
            for iteration in benchmark.scaledIterations {
                let times = try await PairTimes.measure(
                    iteration: iteration,
                    first: { try await first.roundTrip(server) },
                    second: { try await second.roundTrip(server) }
                )
                benchmark.measurement(firstTime, Int(times.first.nanoseconds))
                benchmark.measurement(secondTime, Int(times.second.nanoseconds))
                benchmark.measurement(ratio, times.perMille)
            }
        },
        setup: { try await server.start() },
        teardown: { await server.stop() }
    )
}
