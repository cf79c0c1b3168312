import ApogeeAPI
import ApogeeStore
import Benchmark
import BenchmarkSupport

/// Issue 46's memory bar: the heap a store holds once the GitHub fixture is written into it,
/// against the fixture's bytes (at most 1.5×). The response's parse is freed before the second
/// reading, so what remains is the store's own: records, keys and indexes. A read keeps its
/// assembly memory for the next read, which the second pair of figures adds.
func storeFootprintBenchmarks() {
    let fixtureBytes = BenchmarkMetric.custom("fixture: bytes", polarity: .prefersSmaller, useScalingFactor: false)
    let written = BenchmarkMetric.custom("store after the write: heap bytes", polarity: .prefersSmaller, useScalingFactor: false)
    let writtenRatio = BenchmarkMetric.custom("store after the write / fixture bytes (per mille)", polarity: .prefersSmaller, useScalingFactor: false)
    let read = BenchmarkMetric.custom("store after a read: heap bytes", polarity: .prefersSmaller, useScalingFactor: false)
    let readRatio = BenchmarkMetric.custom("store after a read / fixture bytes (per mille)", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "Memory: a store holding the GitHub fixture, heap bytes against the fixture's",
        configuration: .init(metrics: [fixtureBytes, written, writtenRatio, read, readRatio], maxDuration: .seconds(10), maxIterations: 10)
    ) { benchmark in
        let size = GitHubFixture.bytes.count
        for _ in benchmark.scaledIterations {
            let before = HeapInUse.bytes
            let store = NormalizedStore()
            try writeFixture(into: store)
            let afterWrite = HeapInUse.bytes - before
            try readFixture(from: store)
            let afterRead = HeapInUse.bytes - before
            blackHole(store)
            benchmark.measurement(fixtureBytes, size)
            benchmark.measurement(written, afterWrite)
            benchmark.measurement(writtenRatio, 1_000 * afterWrite / size)
            benchmark.measurement(read, afterRead)
            benchmark.measurement(readRatio, 1_000 * afterRead / size)
        }
    }
}

/// Parses and writes the fixture; the parsed document is freed on return.
@inline(never)
private func writeFixture(into store: NormalizedStore) throws {
    try store.write(data: try GitHubFixture.documentData(GitHubFixture.bytes), for: GitHubFixture.query)
}

/// Reads the query; the typed data is freed on return, the memory the store keeps for its next
/// read is not.
@inline(never)
private func readFixture(from store: NormalizedStore) throws {
    let read = try store.read(GitHubFixture.query)
    if let miss = read.miss { throw GitHubFixture.FixtureError.miss(miss) }
    blackHole(read)
}
