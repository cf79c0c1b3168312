@testable import ApogeeAPI
@testable import ApogeeSQLite
@testable import ApogeeStore
import RocketReserverAPI
import TestSupport
import Testing

@Suite("A cold read goes to the file a level at a time, not a record at a time")
struct PrefetchTests {
    /// A page of `count` launches, each with its mission.
    static func page(_ count: Int) -> JSONObject {
        let launches: [JSONValue] = (1...count).map { number in
            [
                "__typename": "Launch",
                "id": .string(String(number)),
                "site": "KSC LC 39A",
                "mission": ["__typename": "Mission", "name": .string("Mission \(number)"), "missionPatch": .string("https://patch/\(number).png")],
            ]
        }
        return ["launches": ["__typename": "LaunchConnection", "cursor": "c100", "hasMore": true, "launches": .array(launches)]]
    }

    @Test("100 launches and their missions read back after reopening with one statement per level")
    func coldListReadIsBatched() async throws {
        try await TemporaryFolder.with { folder in
            let query = LaunchListQuery(pageSize: 100)
            let written = try folder.withStoreFile { file in
                let store = file.makeNormalizedStore()
                try store.write(data: Self.page(100), for: query)
                return try store.read(query).result.get()
            }
            let file = try folder.openStoreFile()
            let store = file.makeNormalizedStore()
            let read = try store.read(query).result.get()
            #expect(read == written)
            #expect(read.launches.launches.count == 100)
            // The root, the connection, the launches, their missions: 202 statements read
            // one record at a time.
            #expect(try file.fileReads() <= 4)
            _ = try store.read(query).result.get()
            #expect(try file.fileReads() <= 4, "a second read is served from memory")
        }
    }

    @Test("Reading one launch does not pull in the rest of the file through the root")
    func rootIsNotFollowed() async throws {
        try await TemporaryFolder.with { folder in
            try folder.withStoreFile { file in
                let store = file.makeNormalizedStore()
                try store.write(data: Self.page(100), for: LaunchListQuery(pageSize: 100))
                try store.writeLaunch("25")
            }
            let file = try folder.openStoreFile()
            let store = file.makeNormalizedStore()
            #expect(try store.read(Launches.query("25")).result.get().launch?.rocket?.name == "Falcon 9")
            // QUERY_ROOT, Launch:25, its mission and rocket: not the hundred launches of the list.
            #expect(try file.recordsInMemory() <= 5)
        }
    }
}
