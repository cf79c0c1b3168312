#if canImport(AsyncHTTPClient)
import Apogee
import Benchmark

/// The AsyncHTTPClient issue's round-trip figures, each paired in one run against the example
/// server on loopback:
/// - the client on AsyncHTTPClient against a raw AsyncHTTPClient POST of the same bytes
///   (bar: at most 1.05×);
/// - the client on AsyncHTTPClient against the client on URLSession (reported).
func httpStackBenchmarks() {
    let mutation = LoginMutation(email: LoopbackServer.email)
    pairedRoundTrip(
        "Mutation round trip, paired: client on AsyncHTTPClient and a raw AsyncHTTPClient POST alternating",
        first: ("client on AsyncHTTPClient", { server in
            guard let client = server.asyncHTTPClientClient else { throw BenchmarkSetupFailure(description: "no server") }
            blackHole(try await client.perform(mutation: mutation))
        }),
        second: ("raw AsyncHTTPClient POST", { server in
            blackHole(try await server.postWithHTTPClient())
        })
    )
    pairedRoundTrip(
        "Mutation round trip, paired: client on AsyncHTTPClient and client on URLSession alternating",
        first: ("client on AsyncHTTPClient", { server in
            guard let client = server.asyncHTTPClientClient else { throw BenchmarkSetupFailure(description: "no server") }
            blackHole(try await client.perform(mutation: mutation))
        }),
        second: ("client on URLSession", { server in
            guard let client = server.urlSessionClient else { throw BenchmarkSetupFailure(description: "no server") }
            blackHole(try await client.perform(mutation: mutation))
        })
    )
}
#endif
