import Apogee
import ApogeeTesting
import Benchmark
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 3's bar: a small mutation's round trip through `ApogeeClient` (on the platform's
/// default transport) against the example server on loopback costs at most 10% more than the
/// same POST sent with URLSession directly. The HTTP stacks' and batching's figures follow
/// (`HTTPStackBenchmarks.swift`, `BatchingBenchmarks.swift`).
///
/// Measured twice in one run: as two benchmarks one after the other, each against its own fresh
/// server, and as one benchmark that alternates the two against one server, whose per-pair
/// ratio is the figure to trust on a machine that other work shares.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 200,
        maxDuration: .seconds(15),
        maxIterations: 5_000
    )

    let direct = LoopbackServer()
    Benchmark(
        "Mutation round trip: URLSession POST (baseline)",
        closure: { benchmark in
            guard let request = direct.urlRequest else { return benchmark.error("no server") }
            for _ in benchmark.scaledIterations {
                let (data, response) = try await direct.session.data(for: request)
                blackHole(data)
                blackHole(response)
            }
        },
        setup: {
            try await direct.start()
            guard let request = direct.urlRequest else { throw BenchmarkSetupFailure(description: "no request") }
            let (data, _) = try await direct.session.data(for: request)
            guard String(decoding: data, as: UTF8.self).contains(LoopbackServer.email) else {
                throw BenchmarkSetupFailure(description: "unexpected response: \(String(decoding: data, as: UTF8.self))")
            }
        },
        teardown: { await direct.stop() }
    )

    let throughClient = LoopbackServer()
    Benchmark(
        "Mutation round trip: ApogeeClient.perform(mutation:)",
        closure: { benchmark in
            guard let client = throughClient.client else { return benchmark.error("no server") }
            let mutation = LoginMutation(email: LoopbackServer.email)
            for _ in benchmark.scaledIterations {
                blackHole(try await client.perform(mutation: mutation))
            }
        },
        setup: {
            try await throughClient.start()
            guard let client = throughClient.client else { throw BenchmarkSetupFailure(description: "no client") }
            let result = try await client.perform(mutation: LoginMutation(email: LoopbackServer.email))
            guard result.data?.login?.email == LoopbackServer.email, result.errors == nil else {
                throw BenchmarkSetupFailure(description: "unexpected result: \(String(describing: result.data)) \(String(describing: result.errors))")
            }
        },
        teardown: { await throughClient.stop() }
    )

    // The same comparison with the two interleaved against one server, in alternating order, so
    // that both see the same load: a shared machine's noise then cancels out of the ratio.
    let mutation = LoginMutation(email: LoopbackServer.email)
    pairedRoundTrip(
        "Mutation round trip, paired: client and URLSession alternating",
        first: ("client", { server in
            blackHole(try await server.logIn(through: server.client))
        }),
        second: ("URLSession", { server in
            guard let request = server.urlRequest else { throw BenchmarkSetupFailure(description: "no server") }
            blackHole(try await server.session.data(for: request))
        })
    )

    // Not part of the bar: the client's own cost per operation, with no network at all, to
    // show how much of the round trip the client accounts for.
    let canned = ApogeeClient(
        url: URL(string: "http://127.0.0.1/graphql")!,
        transport: CannedTransport(body: #"{"data":{"login":{"__typename":"User","id":"1","email":"benchmark@example.com","token":"dG9rZW4="}}}"#)
    )
    Benchmark("Mutation through the client, in-memory transport (client cost alone)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try await canned.perform(mutation: mutation))
        }
    }

    #if canImport(AsyncHTTPClient)
    httpStackBenchmarks()
    #endif
    batchingBenchmarks()
}

extension Duration {
    /// The whole duration in nanoseconds.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
