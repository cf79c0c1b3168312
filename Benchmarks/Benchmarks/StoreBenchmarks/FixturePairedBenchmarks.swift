import ApogeeAPI
import ApogeeStore
import Benchmark
import BenchmarkSupport
import Foundation

/// Issue 46's store bars as pairs: each iteration times `JSONSerialization` parsing the GitHub
/// fixture and the store's own work on it, alternating which goes first, and records their
/// ratio. Measured apart, the baseline and the store's figure each move by up to 2× between
/// runs on a shared machine; within a pair, that load falls on both alike.
func fixturePairedBenchmarks() {
    fixturePair("write", label: "parse into a JSONDocument, normalize and write into an empty store") {
        let store = NormalizedStore()
        let data = try GitHubFixture.documentData(GitHubFixture.bytes)
        blackHole(try store.write(data: data, for: GitHubFixture.query))
        return store
    }
    let readStore = Box<NormalizedStore>()
    fixturePair(
        "read", label: "read the query from the store into typed Data",
        setup: { readStore.value = try GitHubFixture.populatedStore() },
        teardown: { readStore.value = nil }
    ) {
        guard let store = readStore.value else { throw GitHubFixture.FixtureError.noData }
        let read = try store.read(GitHubFixture.query)
        if let miss = read.miss { throw GitHubFixture.FixtureError.miss(miss) }
        blackHole(read)
        return store
    }
}

/// Registers one pair: `work` against `JSONSerialization` parsing the fixture. What `work`
/// returns is released after its time is taken, as the unpaired benchmarks release their store.
private func fixturePair(
    _ short: String,
    label: String,
    setup: (@Sendable () throws -> Void)? = nil,
    teardown: (@Sendable () -> Void)? = nil,
    work: @escaping @Sendable () throws -> AnyObject
) {
    let own = BenchmarkMetric.custom("\(short) (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let baseline = BenchmarkMetric.custom("JSONSerialization parse (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let ratio = BenchmarkMetric.custom("\(short) / JSONSerialization (per mille)", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "GitHub fixture, paired: \(label) against JSONSerialization parse",
        configuration: .init(metrics: [own, baseline, ratio], maxDuration: .seconds(10), maxIterations: 1_000),
        closure: { benchmark in
            for iteration in benchmark.scaledIterations {
                var kept: AnyObject?
                let times = try await PairTimes.measure(
                    iteration: iteration,
                    first: { kept = try work() },
                    second: { blackHole(try JSONSerialization.jsonObject(with: GitHubFixture.data)) }
                )
                blackHole(kept)
                benchmark.measurement(own, Int(times.first / .microseconds(1)))
                benchmark.measurement(baseline, Int(times.second / .microseconds(1)))
                benchmark.measurement(ratio, times.perMille)
            }
        },
        setup: { try setup?() },
        teardown: { teardown?() }
    )
}
