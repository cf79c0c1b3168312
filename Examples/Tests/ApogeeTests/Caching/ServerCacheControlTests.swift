@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeTesting
import RocketReserverAPI
import TestSupport
import Testing

/// A response's `Cache-Control` sets how long what it wrote stays fresh, when the client is
/// configured to honour it; the example server sends the header when a test asks it to.
@Suite("Server Cache-Control", .timeLimit(.minutes(10)))
struct ServerCacheControlTests {
    /// A client of `server` over a store on `clock`, honouring `Cache-Control` or not.
    static func client(of server: ExampleServer, clock: ManualCacheClock, honouring: Bool = true) -> ApogeeClient {
        server.client(store: NormalizedStore(clock: clock), configuration: .init(usesServerCacheControl: honouring))
    }

    @Test("max-age=60: answered from the store for 60 seconds, then from the server")
    func maxAgeExpires() async throws {
        try await withServer { server in
            let clock = ManualCacheClock()
            let client = Self.client(of: server, clock: clock)
            let query = LaunchDetailsQuery(launchId: "25")
            server.enqueueFault(.addingHeaders(["Cache-Control": "public, max-age=60"]))
            let answer1 = try await client.fetch(query: query)
            #expect(answer1.source == .server)

            clock.advance(by: .seconds(60))
            let answer2 = try await client.fetch(query: query)
            #expect(answer2.source == .cache)
            #expect(server.requestCount(operationName: "LaunchDetails") == 1)

            clock.advance(by: .seconds(1))
            let answer3 = try await client.fetch(query: query)
            #expect(answer3.source == .server)
            #expect(server.requestCount(operationName: "LaunchDetails") == 2)
        }
    }

    @Test("no-store keeps the response out of the store, and the caller still gets it")
    func noStore() async throws {
        try await withServer { server in
            let client = Self.client(of: server, clock: ManualCacheClock())
            let query = LaunchDetailsQuery(launchId: "25")
            server.enqueueFault(.addingHeaders(["Cache-Control": "no-store"]))
            let result = try await client.fetch(query: query)
            #expect(result.data?.launch?.id == "25")
            #expect(try client.store.record(for: "Launch:25") == nil)
            let answer4 = try await client.fetch(query: query)
            #expect(answer4.source == .server)
        }
    }

    @Test("without the option, the header changes nothing: the data never expires")
    func optIn() async throws {
        try await withServer { server in
            let clock = ManualCacheClock()
            let client = Self.client(of: server, clock: clock, honouring: false)
            server.enqueueFault(.addingHeaders(["Cache-Control": "max-age=1"]))
            _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            clock.advance(by: .seconds(3600))
            let answer5 = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            #expect(answer5.source == .cache)
        }
    }

    @Test("header values are read as RFC 9111 says: case, spaces, quotes and unknown directives")
    func headerParsing() {
        #expect(ServerCacheControl(headerValue: "Max-Age=30") == ServerCacheControl(noStore: false, maxAge: 30))
        #expect(ServerCacheControl(headerValue: " private , max-age=\"15\" ") == ServerCacheControl(noStore: false, maxAge: 15))
        #expect(ServerCacheControl(headerValue: "no-store, max-age=5") == ServerCacheControl(noStore: true, maxAge: 5))
        #expect(ServerCacheControl(headerValue: "max-age=-3, immutable") == ServerCacheControl(noStore: false, maxAge: nil))
        #expect(ServerCacheControl(headerValue: "max-age") == ServerCacheControl(noStore: false, maxAge: nil))
    }
}
