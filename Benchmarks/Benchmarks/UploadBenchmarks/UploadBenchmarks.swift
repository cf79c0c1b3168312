import Apogee
import Benchmark
import BenchmarkSupport
import Foundation

/// Issue 6's bars, measured in one run against the example server on loopback:
/// - throughput: a 256 MiB file uploaded by `ApogeeClient` (a multipart body streamed from
///   the file) at no less than 0.9× the throughput of `URLSession.upload(for:fromFile:)`
///   sending the same multipart body from a file;
/// - memory: uploading a 1 GiB file raises the resident set by at most 64 MiB.
///
/// The example server runs in the benchmark's process, so the resident set counts the server's
/// memory too: the figure is an upper bound for the client.
let benchmarks: @Sendable () -> Void = {
    let mebibyte = 1 << 20

    // The two uploads alternate against one server, in alternating order, so that both see the
    // same load and the same state of the disk cache; the ratio is taken per pair.
    let paired = UploadFixture(size: 256 * mebibyte, sparse: false)
    let clientSpeed = BenchmarkMetric.custom("ApogeeClient (MiB/s)", polarity: .prefersLarger, useScalingFactor: false)
    let sessionSpeed = BenchmarkMetric.custom("URLSession upload(fromFile:) (MiB/s)", polarity: .prefersLarger, useScalingFactor: false)
    let ratio = BenchmarkMetric.custom("client / URLSession throughput (per mille)", polarity: .prefersLarger, useScalingFactor: false)
    Benchmark(
        "Upload 256 MiB, paired: ApogeeClient and URLSession upload(fromFile:) alternating",
        configuration: .init(metrics: [clientSpeed, sessionSpeed, ratio], warmupIterations: 1, maxDuration: .seconds(180), maxIterations: 10),
        closure: { benchmark in
            let clock = ContinuousClock()
            for iteration in benchmark.scaledIterations {
                var clientDuration = Duration.zero
                var sessionDuration = Duration.zero
                for turn in 0..<2 {
                    let start = clock.now
                    let received = (iteration + turn) % 2 == 0 ? try await paired.uploadWithClient() : try await paired.uploadWithURLSession()
                    let elapsed = clock.now - start
                    guard received == paired.size else { return benchmark.error("the server received \(received) bytes") }
                    if (iteration + turn) % 2 == 0 { clientDuration = elapsed } else { sessionDuration = elapsed }
                }
                let clientRate = Double(paired.size) / Double(mebibyte) / clientDuration.seconds
                let sessionRate = Double(paired.size) / Double(mebibyte) / sessionDuration.seconds
                benchmark.measurement(clientSpeed, Int(clientRate.rounded()))
                benchmark.measurement(sessionSpeed, Int(sessionRate.rounded()))
                benchmark.measurement(ratio, Int((1_000 * clientRate / sessionRate).rounded()))
            }
        },
        setup: { try await paired.start() },
        teardown: { await paired.stop() }
    )

    // Resident memory while a 1 GiB (sparse) file goes up, against the resident size just before.
    let large = UploadFixture(size: 1024 * mebibyte, sparse: true)
    let clientGrowth = BenchmarkMetric.custom("ApogeeClient: resident growth (MiB)", polarity: .prefersSmaller, useScalingFactor: false)
    let sessionGrowth = BenchmarkMetric.custom("URLSession upload(fromFile:): resident growth (MiB)", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "Upload 1 GiB: peak resident memory growth, ApogeeClient then URLSession upload(fromFile:)",
        configuration: .init(metrics: [clientGrowth, sessionGrowth], warmupIterations: 0, maxDuration: .seconds(180), maxIterations: 3),
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                for (metric, upload) in [(clientGrowth, large.uploadWithClient), (sessionGrowth, large.uploadWithURLSession)] {
                    guard let before = ResidentMemory.current else { return benchmark.error("no /proc/self/status") }
                    let sampler = ResidentMemorySampler()
                    sampler.start()
                    let received = try await upload()
                    let highest = sampler.stop()
                    guard received == large.size else { return benchmark.error("the server received \(received) bytes") }
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
