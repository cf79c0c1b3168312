@testable import ApogeeAPI
@testable import ApogeeStore
import struct RocketReserverAPI.BookTripMutation
import StoreFixtures
import Testing

@Suite("Normalization")
struct NormalizationTests {
    @Test("field keys include arguments with variables resolved, so launches 25 and 26 never collide")
    func argumentsAndVariables() throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("25", site: "A"), for: LaunchDetailsQuery(id: "25"))
        try store.write(data: Fixtures.launchDetails("26", site: "B"), for: LaunchDetailsQuery(id: "26"))

        let root = try #require(try store.record(for: .queryRoot))
        #expect(root[#"launch({"id":"25"})"#] == .reference("Launch:25"))
        #expect(root[#"launch({"id":"26"})"#] == .reference("Launch:26"))
        #expect(root["launch"] == nil)
        #expect(try store.record(for: "Launch:25")?["site"] == .scalar("A"))
        #expect(try store.record(for: "Launch:26")?["site"] == .scalar("B"))
        // A literal argument is part of the key too; an object without an id lives under its path.
        let mission = try #require(try store.record(for: "Launch:25.mission"))
        #expect(mission[#"missionPatch({"size":"LARGE"})"#] == .scalar("https://patch/Starlink.png"))
        #expect(try store.read(LaunchDetailsQuery(id: "26")).value?.launch?.site == "B")
    }

    @Test("objects without a key are stored under their path; lists of objects are lists of references")
    func pathKeysAndLists() throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchList(ids: ["1", "2"]), for: LaunchListQuery(pageSize: 2))
        try store.write(data: Fixtures.launchList(ids: ["3"], cursor: "all"), for: LaunchListQuery())

        let root = try #require(try store.record(for: .queryRoot))
        #expect(root[#"launches({"pageSize":2})"#] == .reference(#"QUERY_ROOT.launches({"pageSize":2})"#))
        // A variable that is not given is left out of the key: the server uses the default.
        #expect(root["launches"] == .reference("QUERY_ROOT.launches"))
        let connection = try #require(try store.record(for: #"QUERY_ROOT.launches({"pageSize":2})"#))
        #expect(connection["launches"] == .list([.reference("Launch:1"), .reference("Launch:2")]))
        // Lists of scalars stay as the server sent them.
        #expect(try store.record(for: "Launch:1")?["tags"] == .scalar(["a", "b"]))
    }

    @Test("null is stored as null and is not a missing field")
    func nullVersusMissing() throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1", site: nil, mission: nil), for: LaunchDetailsQuery(id: "1"))
        let record = try #require(try store.record(for: "Launch:1"))
        #expect(record["site"] == .null)
        #expect(record["mission"] == .null)
        #expect(record["rocket"] == nil)

        let read = try store.read(LaunchDetailsQuery(id: "1"))
        let launch = try #require(read.value?.launch)
        #expect(launch.site == nil)
        #expect(launch.mission == nil)

        // Removing the field makes it missing, and a missing field is a miss, not a nil.
        try store.transaction { try $0.removeField("site", of: "Launch:1") }
        let miss = try #require(try store.read(LaunchDetailsQuery(id: "1")).miss)
        #expect(miss.reason == .missingField)
        #expect(miss.field == "site")
        #expect(miss.path == ["launch", "site"])
    }

    @Test("a mutation's result is written under MUTATION_ROOT and updates the objects it returns")
    func mutationRoot() throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("7"), for: LaunchDetailsQuery(id: "7"))
        let changes = try store.write(data: Fixtures.bookTrip("7"), for: BookTripMutation(id: "7"))

        let root = try #require(try store.record(for: .mutationRoot))
        #expect(root[#"bookTrips({"launchIds":["7"]})"#] == .reference(#"MUTATION_ROOT.bookTrips({"launchIds":["7"]})"#))
        #expect(try store.record(for: "Launch:7")?["isBooked"] == .scalar(true))
        // The path of an object without a key starts at its parent record, not at the list above it.
        #expect(try store.record(for: "Launch:7")?["mission"] == .reference("Launch:7.mission"))
        #expect(changes.changedFields.contains(FieldKey("Launch:7", "isBooked")))
        // Fields whose values did not change are not reported.
        #expect(!changes.changedFields.contains(FieldKey("Launch:7", "site")))
        #expect(try store.read(LaunchDetailsQuery(id: "7")).value?.launch?.isBooked == true)
    }

    @Test("key fields per type, and a closure for full control")
    func customKeys() throws {
        let store = NormalizedStore(keyPolicy: Fixtures.profileKeyPolicy)
        let query = ProfileQuery(withEmail: false, skipAvatar: true)
        try store.write(data: Fixtures.profile(), for: query)
        #expect(try store.record(for: .queryRoot)?["me"] == .reference("User:octocat"))
        #expect(try store.record(for: #"User:octocat"#)?["favoriteBook"] == .reference(#"Book:{"edition":2,"isbn":"978-0"}"#))
        #expect(try store.read(query).value?.me?.favoriteBook?.title == "Swift")

        let custom = NormalizedStore(keyPolicy: CacheKeyPolicy { typename, object in
            typename == "User" ? object["login"]?.stringValue.map { CacheKey("person/\($0)") } : nil
        })
        try custom.write(data: Fixtures.profile(), for: query)
        #expect(try custom.record(for: .queryRoot)?["me"] == .reference("person/octocat"))
        #expect(try custom.record(for: "person/octocat")?["favoriteBook"] == .reference("person/octocat.favoriteBook"))
    }

    @Test("a type listed with no key fields is stored under its path even with an id")
    func typeWithoutKey() throws {
        let store = NormalizedStore(keyPolicy: CacheKeyPolicy(keyFields: ["Launch": []]))
        try store.write(data: Fixtures.launchDetails("1"), for: LaunchDetailsQuery(id: "1"))
        #expect(try store.record(for: .queryRoot)?[#"launch({"id":"1"})"#] == .reference(#"QUERY_ROOT.launch({"id":"1"})"#))
        #expect(try store.record(for: "Launch:1") == nil)
    }

    @Test("fragments and inline fragments apply by __typename")
    func typeConditions() throws {
        let store = NormalizedStore()
        let data: JSONObject = [
            "search": [
                ["__typename": "Launch", "id": "1", "site": "KSC"],
                ["__typename": "Rocket", "id": "r1", "name": "Falcon 9"],
                ["__typename": "Mission", "name": "not selected"],
            ],
        ]
        try store.write(data: data, for: SearchQuery(text: "x"))
        #expect(try store.record(for: "Launch:1")?.fields.keys.sorted() == ["__typename", "id", "site"])
        #expect(try store.record(for: "Rocket:r1")?.fields.keys.sorted() == ["__typename", "id", "name"])
        // No condition matches Mission, so only __typename is stored, under its path.
        #expect(try store.record(for: #"QUERY_ROOT.search({"text":"x"}).2"#)?.fields.keys.sorted() == ["__typename"])
    }

    @Test("an element without a key is stored under its index, in decimal, past nine too")
    func pathKeysOfManyElements() throws {
        let store = NormalizedStore()
        let missions = (0..<12).map { index -> JSONValue in ["__typename": "Mission", "name": .string("m\(index)")] }
        try store.write(data: ["search": .array(missions)], for: SearchQuery(text: "x"))
        for index in [0, 9, 10, 11] {
            let key = CacheKey(#"QUERY_ROOT.search({"text":"x"})."# + String(index))
            #expect(try store.record(for: key)?["__typename"] == .scalar("Mission"), "no record at \(key)")
        }
        #expect(try store.record(for: #"QUERY_ROOT.search({"text":"x"}).12"#) == nil)
    }

    @Test("data that does not fit the selections is an error, and nothing is written")
    func invalidDataIsAtomic() throws {
        let store = NormalizedStore()
        let bad: JSONObject = [
            "launches": [
                "__typename": "LaunchConnection", "cursor": "c", "hasMore": false,
                "launches": [["__typename": "Launch", "id": "1", "site": "s", "tags": nil], "not an object"],
            ],
        ]
        #expect(throws: NormalizationError.self) {
            try store.write(data: bad, for: LaunchListQuery())
        }
        #expect(try store.recordCount() == 0)
    }

    @Test("records round-trip through their persisted JSON form")
    func persistedJSON() throws {
        let record = Record(key: "Launch:1", fields: [
            "site": .scalar("KSC"),
            "site2": .null,
            "mission": .reference("Launch:1.mission"),
            "rockets": .list([.reference("Rocket:1"), .null, .list([.reference("Rocket:2")])]),
            "metadata": .scalar(["$ref": "not a reference"]),
            "tags": .scalar(["a"]),
        ])
        let json = record.persistedJSON
        let back = try Record(key: "Launch:1", persistedJSON: json)
        #expect(back == record)
        #expect(throws: RecordEncodingError.self) {
            try Record(key: "x", persistedJSON: ["bad": ["unexpected": 1]])
        }
    }
}
