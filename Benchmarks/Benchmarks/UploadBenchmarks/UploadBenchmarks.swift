import Apogee
import Benchmark
import BenchmarkSupport
import Foundation

/// The upload bars, measured in one run against the example server on loopback, for three
/// ways of sending the same multipart body: the client on its default transport
/// (AsyncHTTPClient on Linux), the client on `URLSessionTransport` (the body a stream that
/// URLSession reads), and `URLSession.upload(for:fromFile:)`.
/// - Issue 6: the client's throughput for 256 MiB at least 0.9× URLSession's file upload, and a
///   1 GiB upload raises the resident set by at most 64 MiB.
/// - Issue 13: on AsyncHTTPClient, throughput no lower than the client on URLSession's body
///   stream, and a 1 GiB upload raises the resident set by at most 32 MiB.
///
/// The example server runs in the benchmark's process, so the resident set counts the server's
/// memory too: the figure is an upper bound for the client.
let benchmarks: @Sendable () -> Void = {
    let mebibyte = 1 << 20

    // The three uploads take turns against one server, each first in turn, so that all see
    // the same load and the same state of the disk cache; the ratios are taken per round.
    let paired = UploadFixture(size: 256 * mebibyte, sparse: false)
    let ways: [(label: String, upload: @Sendable () async throws -> Int)] = [
        ("client on AsyncHTTPClient", paired.uploadWithClient),
        ("client on URLSession", paired.uploadWithURLSessionClient),
        ("URLSession upload(fromFile:)", paired.uploadWithURLSession),
    ]
    let speeds = ways.map { BenchmarkMetric.custom("\($0.label) (MiB/s)", polarity: .prefersLarger, useScalingFactor: false) }
    let stackRatio = BenchmarkMetric.custom("client on AsyncHTTPClient / client on URLSession (per mille)", polarity: .prefersLarger, useScalingFactor: false)
    let fileRatio = BenchmarkMetric.custom("client on AsyncHTTPClient / URLSession upload(fromFile:) (per mille)", polarity: .prefersLarger, useScalingFactor: false)
    Benchmark(
        "Upload 256 MiB, in turns: client on AsyncHTTPClient, client on URLSession, URLSession upload(fromFile:)",
        configuration: .init(metrics: speeds + [stackRatio, fileRatio], warmupIterations: 1, maxDuration: .seconds(240), maxIterations: 9),
        closure: { benchmark in
            let clock = ContinuousClock()
            for iteration in benchmark.scaledIterations {
                var rates = [Double](repeating: 0, count: ways.count)
                for turn in 0..<ways.count {
                    let way = (iteration + turn) % ways.count
                    let start = clock.now
                    let received = try await ways[way].upload()
                    let elapsed = clock.now - start
                    guard received == paired.size else { return benchmark.error("\(ways[way].label): the server received \(received) bytes") }
                    rates[way] = Double(paired.size) / Double(mebibyte) / elapsed.seconds
                }
                for (metric, rate) in zip(speeds, rates) {
                    benchmark.measurement(metric, Int(rate.rounded()))
                }
                benchmark.measurement(stackRatio, Int((1_000 * rates[0] / rates[1]).rounded()))
                benchmark.measurement(fileRatio, Int((1_000 * rates[0] / rates[2]).rounded()))
            }
        },
        setup: { try await paired.start() },
        teardown: { await paired.stop() }
    )

    // Resident memory while a 1 GiB (sparse) file goes up, against the resident size just before.
    let large = UploadFixture(size: 1024 * mebibyte, sparse: true)
    let largeWays: [(label: String, upload: @Sendable () async throws -> Int)] = [
        ("client on AsyncHTTPClient", large.uploadWithClient),
        ("client on URLSession", large.uploadWithURLSessionClient),
        ("URLSession upload(fromFile:)", large.uploadWithURLSession),
    ]
    let growths = largeWays.map { BenchmarkMetric.custom("\($0.label): resident growth (MiB)", polarity: .prefersSmaller, useScalingFactor: false) }
    Benchmark(
        "Upload 1 GiB: peak resident memory growth, client on AsyncHTTPClient, client on URLSession, URLSession upload(fromFile:)",
        configuration: .init(metrics: growths, warmupIterations: 0, maxDuration: .seconds(240), maxIterations: 3),
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                for (metric, way) in zip(growths, largeWays) {
                    guard let before = ResidentMemory.current else { return benchmark.error("no /proc/self/status") }
                    let sampler = ResidentMemorySampler()
                    sampler.start()
                    let received = try await way.upload()
                    let highest = sampler.stop()
                    guard received == large.size else { return benchmark.error("\(way.label): the server received \(received) bytes") }
                    benchmark.measurement(metric, (highest - before) / mebibyte)
                }
            }
        },
        setup: { try await large.start() },
        teardown: { await large.stop() }
    )
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
