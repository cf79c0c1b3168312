#if os(Linux)
@testable import Apogee
import ApogeeAsyncHTTPClient
import ApogeeExampleServer
import AsyncHTTPClient
import ClientFixtures
import Foundation
import TestSupport
import Testing
import TodoAPI

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

    @Test("One transport sends each request to its own endpoint, whichever went before")
    func oneTransportTwoEndpoints() async throws {
        try await withServer { server in
            let transport = AsyncHTTPClientTransport()
            let launches = ApogeeClient(url: server.rocketReserverURL, transport: transport)
            let todos = ApogeeClient(url: server.todoURL, transport: transport)
            for round in 1...2 {
                let site = try await launches.fetch(query: LaunchSiteQuery(id: "\(round)"), cachePolicy: .fetchIgnoringCacheData)
                #expect(site.errors == nil && site.data?.launch?.id == "\(round)")
                let list = try await todos.fetch(query: TodoListQuery(first: 5), cachePolicy: .fetchIgnoringCacheData)
                #expect(list.errors == nil && list.data?.rows != nil)
            }
            #expect(server.recordedRequests.map(\.path) == ["/graphql", "/todo/graphql", "/graphql", "/todo/graphql"])
            try await transport.shutdown()
        }
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

/// On AsyncHTTPClient, the only stack whose decompression Apogee configures.
extension ResidentMemoryTests {
    @Test("A gzip bomb fails at the size cap as it is inflated, and the resident set grows by at most 1.5 times the cap")
    func gzipBombIsBoundedWhereItInflates() async throws {
        let cap = 64 << 20
        // About a megabyte that inflates to a gibibyte; a client that counted the body only
        // once inflated would hold every piece one network read inflates to on top of the cap.
        let bomb = GzipBomb.bytes(inflatedSize: 1 << 30)
        try await withServer { server in
            // The child's first request warms its connection up; the second gets the bomb.
            server.enqueueFaults([
                .addingHeaders([:]),
                .rawBody(bytes: bomb, contentType: "application/graphql-response+json", headers: ["Content-Encoding": "gzip"]),
            ])
            // A process of its own, so that no other test's memory counts.
            let child = try ChildProcess(executable: ChildProcess.executable(named: "ResponseMemoryChild"), arguments: [server.rocketReserverURL.absoluteString, String(cap)])
            let status = try await child.waitForExit(limit: .seconds(300))
            let report = child.standardOutput.split(separator: " ")
            #expect(status == 0, "\(child.standardError)")
            #expect(report.first == "responseTooLarge", "\(child.standardOutput)")
            let growth = try #require(report.last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
            // Under a sanitizer the resident set also counts the shadow of all the process
            // touches and the address sanitizer's quarantine of freed memory (see
            // UploadMemoryTests); the bound then stays below the gibibyte a body inflated whole
            // would take.
            let bound = Sanitizer.isActive ? 768 << 20 : cap * 3 / 2
            #expect(growth < bound, "resident set grew by \(growth >> 20) MiB")
        }
    }
}
#endif
