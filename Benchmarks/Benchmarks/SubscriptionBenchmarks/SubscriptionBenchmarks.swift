import Apogee
import ExampleServer
import Benchmark
import BenchmarkSupport
import Foundation

/// The streams issue's bars for subscriptions over graphql-transport-ws, against the example
/// server on loopback:
/// - events per second from the server through the client into the store, against a raw
///   WebSocket client that reads the same events from the same server (bar: at least 0.8×);
/// - 10,000 subscribe/cancel cycles on one connection: resident memory growth and the
///   subscriptions the server still runs afterwards (bar: flat, none).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock],
        timeUnits: .milliseconds,
        warmupIterations: 2,
        maxDuration: .seconds(20),
        maxIterations: 30
    )
    eventWriteBenchmarks()

    // Both readers in one benchmark, alternating in order, so that a shared machine's load
    // falls on both alike and cancels out of the ratio.
    let events = 5_000
    let fixture = SubscriptionFixture()
    let clientRate = BenchmarkMetric.custom("client into store (events/s)", polarity: .prefersLarger, useScalingFactor: false)
    let rawRate = BenchmarkMetric.custom("raw WebSocket (events/s)", polarity: .prefersLarger, useScalingFactor: false)
    let ratio = BenchmarkMetric.custom("client / raw (per mille)", polarity: .prefersLarger, useScalingFactor: false)
    Benchmark(
        "Subscription events, paired: client into the store and a raw WebSocket client alternating",
        configuration: .init(metrics: [clientRate, rawRate, ratio], maxDuration: .seconds(60), maxIterations: 40),
        closure: { benchmark in
            guard let server = fixture.server, let client = fixture.client else { return benchmark.error("no server") }
            for iteration in benchmark.scaledIterations {
                var clientDuration = Duration.zero
                var rawDuration = Duration.zero
                for turn in 0..<2 {
                    let start = ContinuousClock.now
                    if (iteration + turn) % 2 == 0 {
                        let received = try await SubscriptionFixture.readThroughClient(client, events: events, counter: "c\(iteration)")
                        clientDuration = ContinuousClock.now - start
                        guard received == events else { return benchmark.error("the client read \(received) of \(events) events") }
                    } else {
                        let received = try await RawSubscriber.read(url: server.liveURL, events: events, counter: "r\(iteration)")
                        rawDuration = ContinuousClock.now - start
                        guard received == events else { return benchmark.error("the raw client read \(received) of \(events) events") }
                    }
                }
                let clientPerSecond = Double(events) / clientDuration.seconds
                let rawPerSecond = Double(events) / rawDuration.seconds
                benchmark.measurement(clientRate, Int(clientPerSecond))
                benchmark.measurement(rawRate, Int(rawPerSecond))
                benchmark.measurement(ratio, Int(1_000 * clientPerSecond / rawPerSecond))
            }
        },
        setup: { try await fixture.start() },
        teardown: { await fixture.stop() }
    )

    let cycles = 10_000
    let churn = SubscriptionFixture()
    let growth = BenchmarkMetric.custom("resident growth over 10,000 cycles (KiB)", polarity: .prefersSmaller, useScalingFactor: false)
    let left = BenchmarkMetric.custom("subscriptions left on the server", polarity: .prefersSmaller, useScalingFactor: false)
    let sockets = BenchmarkMetric.custom("sockets opened", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "10,000 subscribe/cancel cycles on one connection",
        configuration: .init(metrics: [.wallClock, growth, left, sockets], timeUnits: .milliseconds, warmupIterations: 0, maxIterations: 3),
        closure: { benchmark in
            guard let server = churn.server, let client = churn.client else { return benchmark.error("no server") }
            // A first round settles the caches and buffers that stay for the process's life.
            try await SubscriptionFixture.cycle(client, server: server, times: 500)
            let before = ResidentMemory.current ?? 0
            try await SubscriptionFixture.cycle(client, server: server, times: cycles)
            let after = ResidentMemory.current ?? 0
            benchmark.measurement(growth, (after - before) / 1024)
            benchmark.measurement(left, server.activeSubscriptionCount)
            benchmark.measurement(sockets, server.openedSocketCount)
        },
        setup: { try await churn.start(keepSocketOpen: true) },
        teardown: { await churn.stop() }
    )
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

