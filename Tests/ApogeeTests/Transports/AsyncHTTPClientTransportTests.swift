#if os(Linux)
import Apogee
import ApogeeExampleServer
import AsyncHTTPClient
import ClientFixtures
import Foundation
import TestSupport
import Testing

/// What only the AsyncHTTPClient transport has: a cap on response size, a client shared with
/// the app, and a shutdown of its own client. Behaviour both transports share is tested on both
/// through `HTTPStack`.
@Suite("AsyncHTTPClient transport")
struct AsyncHTTPClientTransportTests {
    @Test("A response over the size cap is a typed error, and nothing reaches the store")
    func responseOverTheCap() async throws {
        try await withServer { server in
            let transport = AsyncHTTPClientTransport(configuration: .init(maximumResponseSize: 64))
            let client = ApogeeClient(url: server.rocketReserverURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: transport)
            let failure = try await client.expectLaunchSiteTransportFailure()
            #expect(failure.kind == .responseTooLarge, "\(failure)")
            #expect(!failure.mayPassOnRetry)
            try client.expectNothingStored()

            // The same answer fits under a larger cap.
            let roomy = ApogeeClient(url: server.rocketReserverURL, transport: AsyncHTTPClientTransport(configuration: .init(maximumResponseSize: 4096)))
            let site = try await roomy.fetch(query: LaunchSiteQuery(id: "1")).data?.launch?.site
            #expect(site != nil)
        }
    }

    @Test("A client the app owns serves requests, and stays the app's to shut down")
    func sharedClient() async throws {
        let shared = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: .init(redirectConfiguration: .disallow))
        do {
            try await withServer { server in
                let transport = AsyncHTTPClientTransport(client: shared)
                let client = ApogeeClient(url: server.rocketReserverURL, transport: transport)
                #expect(try await client.fetch(query: LaunchSiteQuery(id: "1")).data?.launch?.site != nil)
                // Shutting the transport down leaves a client it does not own alone.
                try await transport.shutdown()
                #expect(try await client.fetch(query: LaunchSiteQuery(id: "2"), cachePolicy: .fetchIgnoringCacheData).data?.launch?.site != nil)
            }
        } catch {
            try await shared.shutdown()
            throw error
        }
        try await shared.shutdown()
    }

    @Test("After shutdown, a transport's own client refuses requests with a typed error")
    func ownClientShutsDown() async throws {
        try await withServer { server in
            let transport = AsyncHTTPClientTransport()
            let client = ApogeeClient(url: server.rocketReserverURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: transport)
            #expect(try await client.fetch(query: LaunchSiteQuery(id: "1")).data?.launch?.site != nil)
            try await transport.shutdown()
            await #expect(throws: ApogeeError.self) {
                try await client.fetch(query: LaunchSiteQuery(id: "2"))
            }
        }
    }
}
#endif
