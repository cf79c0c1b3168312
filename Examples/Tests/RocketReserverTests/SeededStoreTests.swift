import Apogee
import ApogeeSQLite
import ApogeeTesting
import Foundation
import RocketReserverAPI
import Testing

/// A store set up from builders in one line, in memory or in a temporary SQLite file, serves
/// a read that may not go to the server.
@Suite("RocketReserver: seeded stores")
struct SeededStoreTests {
    static let seed = QueryBuilder(launches: LaunchConnectionBuilder(
        cursor: "page-2", hasMore: true,
        launches: [LaunchBuilder(id: "25", mission: MissionBuilder(missionPatch: "patch.png", name: "Starlink-15"), site: "KSC")]))

    @Test("In memory", arguments: [false, true])
    func returnCacheDataDontFetch(inSQLite: Bool) async throws {
        let store = inSQLite
            ? try SQLiteStore.temporary().makeNormalizedStore().seeded(LaunchListQuery(), with: Self.seed)
            : try NormalizedStore().seeded(LaunchListQuery(), with: Self.seed)
        let transport = MockNetworkTransport()
        let client = ApogeeClient(url: URL(string: "https://rocket-reserver.example/graphql")!, store: store, networkTransport: transport)
        let result = try await client.fetch(query: LaunchListQuery(), cachePolicy: .returnCacheDataDontFetch)
        #expect(result.source == .cache)
        #expect(result.data == (try LaunchListQuery().buildData(Self.seed)))
        #expect(result.data?.launches.launches.first??.mission?.name == "Starlink-15")
        #expect(transport.requests.isEmpty)
        try transport.verify()
    }
}

/// A built response fed to `CannedTransport` goes through the whole client, HTTP layer
/// included, and comes out as the data built from the same builders.
@Suite("RocketReserver: built responses through CannedTransport")
struct CannedBuiltResponseTests {
    @Test func builtResponseDecodesToBuiltData() async throws {
        let root = QueryBuilder(launch: LaunchBuilder(id: "25", mission: MissionBuilder(name: "Starlink-15"), site: "KSC"))
        let query = LaunchDetailsQuery(launchId: "25")
        let client = ApogeeClient(url: URL(string: "https://rocket-reserver.example/graphql")!, transport: CannedTransport(json: try query.buildResponse(root)))
        let result = try await client.fetch(query: query, cachePolicy: .fetchIgnoringCacheData)
        #expect(result.errors == nil)
        #expect(result.data == (try query.buildData(root)))
        #expect(result.data?.launch?.isFavorite == false)
        // The server's view leaves the local field out; the store then reads it from its default.
        #expect(try query.buildResponse(root)["data"]?.objectValue?["launch"]?.objectValue?["isFavorite"] == nil)
    }
}
