@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeSQLite
@testable import ApogeeTesting
import RocketReserverAPI
import TestSupport
import Testing

@Suite("Expiry through the client, against the example server", .timeLimit(.minutes(10)))
struct ExpiryClientTests {
    @Test("returnCacheDataElseFetch answers from the file before the maximum age and asks the server after")
    func cachePolicyFetchesAfterExpiry() async throws {
        try await TemporaryFolder.with { folder in
            try await ExampleServer.withServer { server in
                let clock = TestClock()
                let file = try folder.openStoreFile(.init(maximumAges: ["Launch": .seconds(300)], now: clock.function))
                let client = ApogeeClient(url: server.rocketReserverURL, store: file.makeNormalizedStore())
                let query = LaunchDetailsQuery(launchId: "25")

                let first = try await client.fetch(query: query, cachePolicy: .returnCacheDataElseFetch)
                #expect(first.source == .server)
                #expect(server.requestCount(operationName: "LaunchDetails") == 1)

                clock.advance(by: 299)
                let cached = try await client.fetch(query: query, cachePolicy: .returnCacheDataElseFetch)
                #expect(cached.source == .cache)
                #expect(cached.data == first.data)
                #expect(server.requestCount(operationName: "LaunchDetails") == 1)

                clock.advance(by: 2)
                let refetched = try await client.fetch(query: query, cachePolicy: .returnCacheDataElseFetch)
                #expect(refetched.source == .server)
                #expect(refetched.data?.launch?.id == "25")
                #expect(server.requestCount(operationName: "LaunchDetails") == 2)

                // The answer made the launch fresh again.
                let again = try await client.fetch(query: query, cachePolicy: .returnCacheDataElseFetch)
                #expect(again.source == .cache)
                #expect(server.requestCount(operationName: "LaunchDetails") == 2)
            }
        }
    }

    @Test("a response's Cache-Control max-age is kept in the file and expires the launch on the next run")
    func serverMaxAgeInTheFile() async throws {
        try await TemporaryFolder.with { folder in
            try await ExampleServer.withServer { server in
                let clock = ManualCacheClock()
                let configuration = SQLiteStore.Configuration(now: { clock.now() })
                let query = LaunchDetailsQuery(launchId: "25")
                server.enqueueFault(.addingHeaders(["Cache-Control": "max-age=60"]))
                try await Self.withClient(of: server, folder: folder, configuration) { client in
                    let first = try await client.fetch(query: query)
                    #expect(first.source == .server)
                }

                clock.advance(by: .seconds(59))
                try await Self.withClient(of: server, folder: folder, configuration) { client in
                    let cached = try await client.fetch(query: query)
                    #expect(cached.source == .cache)
                }
                clock.advance(by: .seconds(2))
                try await Self.withClient(of: server, folder: folder, configuration) { client in
                    let expired = try await client.fetch(query: query)
                    #expect(expired.source == .server)
                }
                #expect(server.requestCount(operationName: "LaunchDetails") == 2)
            }
        }
    }

    /// One run of an app: a client honouring `Cache-Control` over the folder's store file,
    /// closed after `body`.
    private static func withClient(
        of server: ExampleServer, folder: TemporaryFolder, _ configuration: SQLiteStore.Configuration,
        _ body: (ApogeeClient) async throws -> Void
    ) async throws {
        let file = try folder.openStoreFile(configuration)
        let client = ApogeeClient(
            url: server.rocketReserverURL, store: file.makeNormalizedStore(),
            configuration: .init(usesServerCacheControl: true))
        try await body(client)
        try file.close()
    }
}
