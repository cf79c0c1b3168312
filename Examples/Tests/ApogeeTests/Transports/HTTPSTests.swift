#if os(Linux)
@testable import Apogee
import ApogeeAsyncHTTPClient
import ApogeeExampleServer
import AsyncHTTPClient
import ClientFixtures
import Foundation
import LiveFixtures
import TestSupport
import Testing

/// HTTPS through AsyncHTTPClient's TLS against the example server with a certificate made in
/// the test: the trust is the app's to configure, HTTP/2 is used when the server offers it,
/// and a certificate the client does not trust is a typed error that writes nothing.
@Suite("HTTPS on the AsyncHTTPClient transport")
struct HTTPSTests {
    /// Runs `body` with a fresh example server serving HTTPS with a certificate made for it.
    private func withHTTPSServer(_ body: (ExampleServer, SelfSignedCertificate) async throws -> Void) async throws {
        let certificate = try SelfSignedCertificate()
        var configuration = ExampleServer.Configuration()
        configuration.tlsIdentity = certificate.serverIdentity
        try await withServer(configuration) { server in try await body(server, certificate) }
    }

    @Test(
        "A query over HTTPS to a server whose self-signed certificate the client trusts, on the HTTP version negotiated",
        arguments: [
            (HTTPClient.Configuration.HTTPVersion.automatic, RecordedRequest.HTTPVersion.http2),
            (.http1Only, .http1_1),
        ]
    )
    func trustedCertificate(httpVersion: HTTPClient.Configuration.HTTPVersion, expected: RecordedRequest.HTTPVersion) async throws {
        try await withHTTPSServer { server, certificate in
            #expect(server.rocketReserverURL.scheme == "https")
            let transport = AsyncHTTPClientTransport(
                configuration: .init(tlsConfiguration: try certificate.trustingClientConfiguration(), httpVersion: httpVersion)
            )
            let client = ApogeeClient(url: server.rocketReserverURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: transport)
            let first = try await client.fetch(query: LaunchSiteQuery(id: "1"))
            #expect(first.data?.launch?.site != nil)
            // A second request reuses the connection, an HTTP/2 stream of its own.
            let second = try await client.fetch(query: LaunchSiteQuery(id: "2"))
            #expect(second.data?.launch?.site != nil)
            #expect(server.recordedRequests.map(\.httpVersion) == [expected, expected])
            let stored = try client.store.recordCount()
            #expect(stored > 0)
            try await transport.shutdown()
        }
    }

    @Test("A server certificate the client does not trust fails the request with a typed error, and nothing reaches the store or the server")
    func untrustedCertificate() async throws {
        try await withHTTPSServer { server, certificate in
            // The system's roots, which do not include a certificate made a moment ago.
            let transport = AsyncHTTPClientTransport()
            let client = ApogeeClient(url: server.rocketReserverURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: transport)
            let failure = try await client.expectLaunchSiteTransportFailure()
            #expect(failure.kind == .secureConnectionFailed, "\(failure)")
            // Trying again cannot make the certificate trusted.
            #expect(!failure.mayPassOnRetry)
            try client.expectNothingStored()
            #expect(server.recordedRequests.isEmpty)
            try await transport.shutdown()
        }
    }

    @Test("A subscription over Server-Sent Events streams on an HTTP/2 connection")
    func eventStreamOverHTTP2() async throws {
        try await withHTTPSServer { server, certificate in
            let transport = AsyncHTTPClientTransport(configuration: .init(tlsConfiguration: try certificate.trustingClientConfiguration()))
            let client = ApogeeClient(url: server.liveURL, transport: transport)
            let results = try await allResults(of: client.subscribe(subscription: CounterTicksSubscription(id: "https", count: 3)))
            #expect(results.map(\.data?.counterTicks.value) == [1, 2, 3])
            #expect(server.recordedRequests.map(\.httpVersion) == [.http2])
            try await transport.shutdown()
        }
    }
}
#endif
