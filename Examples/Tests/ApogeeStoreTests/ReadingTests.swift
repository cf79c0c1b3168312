@testable import ApogeeAPI
@testable import ApogeeStore
import struct RocketReserverAPI.BookTripMutation
import struct RocketReserverAPI.LaunchTile
import StoreFixtures
import Testing

@Suite("Reading")
struct ReadingTests {
    @Test("a query reads back into the same typed Data the response decodes to")
    func roundTrip() throws {
        let store = NormalizedStore()
        let response = Fixtures.launchList(ids: ["1", "2", "3"])
        try store.write(data: response, for: LaunchListQuery(pageSize: 3))
        let read = try store.read(LaunchListQuery(pageSize: 3))
        #expect(read.value == (try LaunchListQuery.Data(json: response)))
        #expect(read.dependencies.contains(FieldKey(.queryRoot, #"launches({"pageSize":3})"#)))
        #expect(read.dependencies.contains(FieldKey("Launch:2", "site")))
        #expect(read.dependentRecords.contains("Launch:3"))
        // Other arguments are another field: a miss.
        #expect(try store.read(LaunchListQuery(pageSize: 2)).miss?.reason == .missingField)
    }

    @Test("reading data that is partly missing is a miss, with where it stopped")
    func partialDataIsAMiss() throws {
        let store = NormalizedStore()
        // The list query wrote launches 1 and 2 without `isBooked` or `mission`.
        try store.write(data: Fixtures.launchList(ids: ["1", "2"]), for: LaunchListQuery())
        let read = try store.read(LaunchDetailsQuery(id: "1"))
        #expect(read.value == nil)
        #expect(read.miss?.key == .queryRoot)

        try store.transaction { transaction in
            try transaction.setField(#"launch({"id":"1"})"#, to: .reference("Launch:1"), of: .queryRoot)
        }
        let miss = try #require(try store.read(LaunchDetailsQuery(id: "1")).miss)
        #expect(miss.key == "Launch:1")
        #expect(miss.field == "isBooked")
        #expect(miss.path == ["launch", "isBooked"])
        #expect(miss.reason == .missingField)
    }

    @Test("a reference to a record that is gone is a miss")
    func missingRecord() throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1"), for: LaunchDetailsQuery(id: "1"))
        try store.removeRecord("Launch:1.mission")
        let miss = try #require(try store.read(LaunchDetailsQuery(id: "1")).miss)
        #expect(miss.reason == .missingRecord)
        #expect(miss.key == "Launch:1.mission")
        #expect(miss.path == ["launch", "mission"])
    }

    @Test("a stored value of the wrong shape is a miss, not a crash")
    func wrongShapeIsAMiss() throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1"), for: LaunchDetailsQuery(id: "1"))
        try store.transaction { try $0.setField("mission", to: .scalar("a string"), of: "Launch:1") }
        #expect(try store.read(LaunchDetailsQuery(id: "1")).miss?.reason == .invalidValue(expected: "Mission data"))

        try store.transaction { try $0.setField("isBooked", to: .scalar("yes"), of: "Launch:1") }
        try store.transaction { try $0.setField("mission", to: .null, of: "Launch:1") }
        let miss = try #require(try store.read(LaunchDetailsQuery(id: "1")).miss)
        guard let error = miss.reason.decodingError else {
            Issue.record("expected a decoding failure, got \(miss.reason)")
            return
        }
        #expect(error.path == ["launch", "isBooked"])
    }

    @Test("fragments and type conditions read back by __typename")
    func typeConditions() throws {
        let store = NormalizedStore()
        let data: JSONObject = [
            "search": [
                ["__typename": "Launch", "id": "1", "site": "KSC"],
                ["__typename": "Rocket", "id": "r1", "name": "Falcon 9"],
                ["__typename": "Mission"],
            ],
        ]
        try store.write(data: data, for: SearchQuery(text: "x"))
        let search = try #require(try store.read(SearchQuery(text: "x")).value?.search)
        #expect(search.count == 3)
        #expect(search[0].asLaunch?.site == "KSC")
        #expect(search[0].fragments.nodeID?.id == "1")
        #expect(search[0].asRocket == nil)
        #expect(search[1].asRocket?.name == "Falcon 9")
        #expect(search[1].fragments.nodeID?.id == "r1")
        #expect(search[2].__typename == "Mission")
        #expect(search[2].fragments.nodeID == nil)
        #expect(search == (try SearchQuery.Data(json: data)).search)
    }

    @Test("a fragment spread on the root applies by the root's type, which has no __typename")
    func rootFragment() throws {
        let store = NormalizedStore()
        try store.write(data: ["totalLaunches": 110], for: TotalsQuery())
        #expect(try store.record(for: .queryRoot)?["totalLaunches"] == .scalar(110))
        #expect(try store.read(TotalsQuery()).value?.fragments.totals.totalLaunches == 110)
    }

    @Test("a fragment reads from a record by its cache key")
    func fragmentByKey() throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.bookTrip("3"), for: BookTripMutation(id: "3"))
        let tile = try #require(try store.read(LaunchTile.self, key: "Launch:3").value)
        #expect(tile.id == "3")
        #expect(tile.isBooked)
        #expect(tile.mission?.missionPatch == "https://patch/small.png")
        // LaunchDetails asked for the LARGE patch, which was never written.
        #expect(try store.read(LaunchTile.self, key: "Launch:4").miss?.reason == .missingRecord)
    }

    @Test("@include and @skip select fields by the variables")
    func conditions() throws {
        let store = NormalizedStore(keyPolicy: Fixtures.profileKeyPolicy)
        try store.write(data: Fixtures.profile(), for: ProfileQuery(withEmail: false, skipAvatar: true))
        let plain = try #require(try store.read(ProfileQuery(withEmail: false, skipAvatar: true)).value?.me)
        #expect(plain.email == nil)
        #expect(plain.avatar == nil)
        // Asking for the email, which was never written, is a miss.
        #expect(try store.read(ProfileQuery(withEmail: true, skipAvatar: true)).miss?.field == "email")

        try store.write(data: Fixtures.profile(email: "o@example.com", avatar: "a.png"), for: ProfileQuery(withEmail: true, skipAvatar: false))
        let full = try #require(try store.read(ProfileQuery(withEmail: true, skipAvatar: false)).value?.me)
        #expect(full.email == "o@example.com")
        #expect(full.avatar == "a.png")
    }
}

/// `{ launch(id: "1") { __typename id site } ... { launch(id: "1") { __typename mission { __typename name } } } }`,
/// hand-written because it selects one object twice under the same response key, which a server
/// answers with the two selection sets merged. The launch is read as JSON, to see all of it.
private struct LaunchSelectedTwice: SelectionSet {
    static let __parentType = "Query"
    static func launch(_ selections: [Selection]) -> Selection {
        .field(.init("launch", arguments: [.init("id", .literal("1"))], type: .object("Launch", [.field(.init("__typename", type: .nonNull(.scalar("String"))))] + selections)))
    }
    static let __selections: [Selection] = [
        launch([.field(.init("id", type: .nonNull(.scalar("ID")))), .field(.init("site", type: .scalar("String")))]),
        .inlineFragment(.init(on: nil, selections: [
            launch([.field(.init("mission", type: .object("Mission", [.field(.init("name", type: .scalar("String")))])))]),
        ])),
    ]

    var launch: JSONValue

    init(from object: ResponseObject) throws {
        launch = try object.decode("launch")
    }

    var __fields: JSONObject { ["launch": launch] }
}

extension ReadingTests {
    @Test("an object selected twice under one response key reads with both selection sets")
    func mergedSelections() throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1"), for: LaunchDetailsQuery(id: "1"))
        let read = try store.read(LaunchSelectedTwice.self, at: .queryRoot, selections: LaunchSelectedTwice.__selections, variables: [:])
        let launch = try #require(read.value?.launch)
        #expect(launch == ["__typename": "Launch", "id": "1", "site": "KSC LC 39A", "mission": ["name": "Starlink"]])
        #expect(read.dependencies.isSuperset(of: [FieldKey("Launch:1", "site"), FieldKey("Launch:1", "mission")]))

        // A miss in either selection set is a miss of the whole, as for one selection.
        try store.commitUpdate { proxy in
            try proxy.record(for: "Launch:1")?.removeField("mission")
        }
        let missing = try store.read(LaunchSelectedTwice.self, at: .queryRoot, selections: LaunchSelectedTwice.__selections, variables: [:])
        #expect(missing.miss?.field == "mission")
        #expect(missing.miss?.path == ["launch", "mission"])
    }
}

/// A selection set that keeps the object it was read from, as hand-written code could: the
/// store must not reuse the memory of a read whose data is still held.
private struct KeepsItsObject: SelectionSet {
    static let __parentType = "Query"
    static let __selections: [Selection] = [
        .field(.init("launch", arguments: [.init("id", .literal("1"))], type: .object("Launch", [.field(.init("site", type: .scalar("String")))]))),
    ]

    let object: ResponseObject

    init(from object: ResponseObject) throws {
        self.object = object
    }

    var __fields: JSONObject { object.fields }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.__fields == rhs.__fields }
    func hash(into hasher: inout Hasher) { hasher.combine(__fields) }
}

extension ReadingTests {
    @Test("a read whose data still holds what it was read from keeps it when the store reads again")
    func heldReadIsNotOverwritten() throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1", site: "first"), for: LaunchDetailsQuery(id: "1"))
        let first = try #require(try store.read(KeepsItsObject.self, at: .queryRoot, selections: KeepsItsObject.__selections, variables: [:]).value)
        // A null site: the next read's entries differ from the first's, not only its strings.
        try store.write(data: Fixtures.launchDetails("1", site: nil), for: LaunchDetailsQuery(id: "1"))
        for _ in 0..<3 {
            let again = try #require(try store.read(KeepsItsObject.self, at: .queryRoot, selections: KeepsItsObject.__selections, variables: [:]).value)
            #expect(again.object.fields["launch"] == ["site": .null])
        }
        #expect(first.object.fields["launch"] == ["site": "first"])
        #expect(try first.object.decode("launch", as: JSONValue.self) == ["site": "first"])
    }
}
