import Apogee
import ApogeeExampleServer
import ApogeeSQLite
import RocketReserverAPI
import TestSupport
import Testing

@Suite("Expiry through the client, against the example server", .timeLimit(.minutes(1)))
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
}
