#if canImport(AsyncHTTPClient)
import Apogee
import Benchmark

/// The AsyncHTTPClient issue's round-trip figures, each paired in one run against the example
/// server on loopback:
/// - the client on AsyncHTTPClient against a raw AsyncHTTPClient POST of the same bytes
///   (bar: at most 1.05×);
/// - the client on AsyncHTTPClient against the client on URLSession (reported);
/// - `AsyncHTTPClientTransport` alone, sending a request made once, against the same raw POST
///   (reported: the transport's share of the client's extra time).
func httpStackBenchmarks() {
    pairedRoundTrip(
        "Mutation round trip, paired: client on AsyncHTTPClient and a raw AsyncHTTPClient POST alternating",
        first: ("client on AsyncHTTPClient", { server in
            blackHole(try await server.logIn(through: server.asyncHTTPClientClient))
        }),
        second: ("raw AsyncHTTPClient POST", { server in
            blackHole(try await server.postWithHTTPClient())
        })
    )
    // Not part of a bar: the HTTP transport alone against the same raw POST, to tell the
    // transport's share of the client's extra time from the layers above it.
    pairedRoundTrip(
        "Mutation round trip, paired: AsyncHTTPClientTransport alone and a raw AsyncHTTPClient POST alternating",
        first: ("transport alone", { server in
            blackHole(try await server.postWithTransport())
        }),
        second: ("raw AsyncHTTPClient POST", { server in
            blackHole(try await server.postWithHTTPClient())
        })
    )
    // Not part of a bar: what the whole-request deadline (`Configuration.requestDeadline`)
    // costs a round trip.
    pairedRoundTrip(
        "Mutation round trip, paired: client on AsyncHTTPClient with its request deadline and without alternating",
        first: ("with deadline", { server in
            blackHole(try await server.logIn(through: server.asyncHTTPClientClient))
        }),
        second: ("without deadline", { server in
            blackHole(try await server.logIn(through: server.undeadlinedClient))
        })
    )
    pairedRoundTrip(
        "Mutation round trip, paired: client on AsyncHTTPClient and client on URLSession alternating",
        first: ("client on AsyncHTTPClient", { server in
            blackHole(try await server.logIn(through: server.asyncHTTPClientClient))
        }),
        second: ("client on URLSession", { server in
            blackHole(try await server.logIn(through: server.urlSessionClient))
        })
    )
}
#endif
