import Apogee
import ApogeeExampleServer
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

    // The readers in one benchmark, taking turns in a rotating order, so that a shared
    // machine's load falls on all alike and cancels out of the ratios. The second client
    // writes its events on the cooperative pool: the default's baseline.
    let events = 5_000
    let fixture = SubscriptionFixture()
    let clientRate = BenchmarkMetric.custom("client into store (events/s)", polarity: .prefersLarger, useScalingFactor: false)
    let poolRate = BenchmarkMetric.custom("client, writes on the pool (events/s)", polarity: .prefersLarger, useScalingFactor: false)
    let rawRate = BenchmarkMetric.custom("raw WebSocket (events/s)", polarity: .prefersLarger, useScalingFactor: false)
    let ratio = BenchmarkMetric.custom("client / raw (per mille)", polarity: .prefersLarger, useScalingFactor: false)
    let poolRatio = BenchmarkMetric.custom("pool client / raw (per mille)", polarity: .prefersLarger, useScalingFactor: false)
    Benchmark(
        "Subscription events, paired: client into the store and a raw WebSocket client alternating",
        configuration: .init(metrics: [clientRate, poolRate, rawRate, ratio, poolRatio], maxDuration: .seconds(90), maxIterations: 40),
        closure: { benchmark in
            guard let server = fixture.server, let client = fixture.client, let poolClient = fixture.poolClient else {
                return benchmark.error("no server")
            }
            for iteration in benchmark.scaledIterations {
                var perSecond = [Double](repeating: 0, count: 3)
                for turn in 0..<3 {
                    let reader = (iteration + turn) % 3
                    let start = ContinuousClock.now
                    let received: Int
                    switch reader {
                    case 0: received = try await SubscriptionFixture.readThroughClient(client, events: events, counter: "c\(iteration)")
                    case 1: received = try await SubscriptionFixture.readThroughClient(poolClient, events: events, counter: "p\(iteration)")
                    default: received = try await RawSubscriber.read(url: server.liveURL, events: events, counter: "r\(iteration)")
                    }
                    guard received == events else { return benchmark.error("reader \(reader) read \(received) of \(events) events") }
                    perSecond[reader] = Double(events) / (ContinuousClock.now - start).seconds
                }
                benchmark.measurement(clientRate, Int(perSecond[0]))
                benchmark.measurement(poolRate, Int(perSecond[1]))
                benchmark.measurement(rawRate, Int(perSecond[2]))
                benchmark.measurement(ratio, Int(1_000 * perSecond[0] / perSecond[2]))
                benchmark.measurement(poolRatio, Int(1_000 * perSecond[1] / perSecond[2]))
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

