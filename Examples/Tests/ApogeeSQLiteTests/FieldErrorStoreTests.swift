@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeSQLite
import FieldErrorFixturesResult
import FieldErrorFixturesThrow
import TestSupport
import Testing

/// A field that failed on the server, kept in the store as its errors (not as a `null` a
/// later read would serve as data) and read back as the network gave it: in memory, and from
/// a SQLite file reopened as an app's next launch would.
@Suite("Field errors in the store", .timeLimit(.minutes(10)))
struct FieldErrorStoreTests {
    enum Storage: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqliteFile
        var testDescription: String { rawValue }
    }

    /// Runs `fetch` with a client on `storage`, then `read` with a client on the same records:
    /// the same store in memory, or the file closed and opened again.
    private static func withStores(
        _ storage: Storage, server: ExampleServer,
        fetch: (ApogeeClient) async throws -> Void, read: (ApogeeClient) async throws -> Void
    ) async throws {
        switch storage {
        case .memory:
            let client = ApogeeClient(url: server.rocketReserverURL, store: NormalizedStore())
            try await fetch(client)
            try await read(client)
        case .sqliteFile:
            try await TemporaryFolder.with { folder in
                let first = try folder.openStoreFile()
                try await fetch(ApogeeClient(url: server.rocketReserverURL, store: first.makeNormalizedStore()))
                try first.close()
                let reopened = try folder.openStoreFile()
                try await read(ApogeeClient(url: server.rocketReserverURL, store: reopened.makeNormalizedStore()))
                try reopened.close()
            }
        }
    }

    @Test("a failed field read back from the store is the same failure, with the same errors", arguments: Storage.allCases)
    func failureReadBack(storage: Storage) async throws {
        try await ExampleServer.withServer { server in
            await server.setFailingFields(["Launch.mission"])
            let query = FieldErrorFixturesResult.LaunchWithPartsQuery(id: "25")
            var network: FieldErrorFixturesResult.LaunchWithPartsQuery.Data?
            try await Self.withStores(storage, server: server) { client in
                network = try await client.fetch(query: query, cachePolicy: .fetchIgnoringCacheData).data
            } read: { client in
                let cached = try await client.fetch(query: query, cachePolicy: .returnCacheDataDontFetch)
                #expect(cached.source == .cache)
                let launch = try #require(cached.data?.launch.value ?? nil)
                #expect(launch.mission.errors.map(\.path) == [["launch", "mission"]])
                #expect(launch.mission.errors.first?.message.contains("Launch.mission") == true)
                #expect(cached.data == network)
            }
            #expect(network?.launch.value??.mission.value == nil)
            #expect(server.requestCount(operationName: "LaunchWithParts") == 1)
        }
    }

    @Test("a later value replaces the stored errors", arguments: Storage.allCases)
    func laterValueReplacesErrors(storage: Storage) async throws {
        try await ExampleServer.withServer { server in
            await server.setFailingFields(["Launch.mission"])
            let query = FieldErrorFixturesResult.LaunchWithPartsQuery(id: "25")
            try await Self.withStores(storage, server: server) { client in
                _ = try await client.fetch(query: query, cachePolicy: .fetchIgnoringCacheData)
                await server.setFailingFields([])
                let healed = try await client.fetch(query: query, cachePolicy: .fetchIgnoringCacheData)
                #expect(healed.data?.launch.value??.mission.value != nil)
            } read: { client in
                let cached = try await client.fetch(query: query, cachePolicy: .returnCacheDataDontFetch)
                let mission = try #require(cached.data?.launch.value??.mission)
                #expect(mission.errors.isEmpty)
                #expect(mission.value?.name.value != nil)
            }
        }
    }

    @Test("under THROW a stored error that nothing catches is a miss that names it, so the server is asked again", arguments: Storage.allCases)
    func uncaughtErrorIsAMiss(storage: Storage) async throws {
        try await ExampleServer.withServer { server in
            await server.setFailingFields(["Launch.rocket"])
            let query = FieldErrorFixturesThrow.LaunchWithPartsQuery(id: "25")
            try await Self.withStores(storage, server: server) { client in
                let network = try await client.fetch(query: query, cachePolicy: .fetchIgnoringCacheData)
                #expect(network.data == nil)
            } read: { client in
                let cached = try await client.fetch(query: query, cachePolicy: .returnCacheDataDontFetch)
                #expect(cached.data == nil)
                let decoding = try #require(cached.cacheMiss?.reason.decodingError)
                #expect(decoding.reason == .fieldError)
                #expect(decoding.fieldErrors.map(\.path) == [["launch", "rocket"]])

                await server.setFailingFields([])
                let refetched = try await client.fetch(query: query, cachePolicy: .returnCacheDataElseFetch)
                #expect(refetched.source == .server)
                #expect(refetched.data?.launch?.rocket.name != nil)
            }
        }
    }
}
