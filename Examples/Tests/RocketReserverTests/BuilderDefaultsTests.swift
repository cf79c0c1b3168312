import Apogee
import ApogeeTesting
import RocketReserverAPI
import Testing

/// What fields a test leaves alone become, and what a builder refuses.
@Suite("RocketReserver builders: defaults and mistakes")
struct BuilderDefaultsTests {
    @Test("Untouched fields get deterministic defaults of their type; ids are unique")
    func defaults() throws {
        let data = try LaunchListQuery().buildData(QueryBuilder(launches: LaunchConnectionBuilder(launches: [LaunchBuilder(), LaunchBuilder(id: "25")])))
        let launches = data.launches.launches.compactMap { $0 }
        #expect(launches.count == 2)
        #expect(launches[1].id == "25")
        #expect(launches[0].id != launches[1].id)
        #expect(launches[0].site == "Launch.site")
        #expect(launches[0].mission?.name == "Mission.name")
        #expect(data.launches.hasMore == false)
        #expect(data.launches.cursor == "LaunchConnection.cursor")
        #expect(try LaunchListQuery().buildData(QueryBuilder(launches: LaunchConnectionBuilder(launches: [LaunchBuilder(), LaunchBuilder(id: "25")]))) == data)

        let empty = try LaunchListQuery().buildData(QueryBuilder())
        #expect(empty.launches.launches.isEmpty)
    }

    @Test("A nullable field given nil is null; a property set to nil is null too")
    func explicitNull() throws {
        var launch = LaunchBuilder(id: "25", mission: .some(nil))
        #expect(try LaunchSummaryQuery(id: "25").buildData(QueryBuilder(launch: launch)).launch?.mission == nil)
        launch.site = nil
        let data = try LaunchSummaryQuery(id: "25").buildData(QueryBuilder(launch: launch))
        #expect(data.launch?.site == nil)
        #expect(data.launch?.id == "25")
        #expect(launch.id == "25")
        #expect(try LaunchSummaryQuery(id: "25").buildData(QueryBuilder(launch: .some(nil))).launch == nil)
    }

    @Test("Defaults per scalar replace the standard ones")
    func customDefaults() throws {
        var defaults = TestDataDefaults()
        defaults.scalars["String"] = { field in .string("\(field.name)!") }
        defaults.scalars["ID"] = { field in .string("id-\(field.sequence)") }
        let data = try LaunchSummaryQuery(id: "1").buildData(QueryBuilder(), defaults: defaults)
        #expect(data.launch?.site == "site!")
        #expect(data.launch?.id.hasPrefix("id-") == true)
    }

    @Test("A builder of the wrong root type is refused with the operation's root type")
    func wrongRoot() throws {
        let error = try #require(throws: TestDataError.self) {
            try LaunchListQuery().buildData(MutationBuilder())
        }
        #expect(error.code == .wrongType)
        #expect(error.description.contains("Query"))
        #expect(error.description.contains("Mutation"))
    }

    @Test("A value of the wrong kind set through the field map is refused at its path")
    func wrongKind() throws {
        var launch = LaunchBuilder(id: "25")
        launch.__fields["mission"] = .scalar("not an object")
        let error = try #require(throws: TestDataError.self) {
            try LaunchSummaryQuery(id: "25").buildData(QueryBuilder(launch: launch))
        }
        #expect(error.code == .wrongKind)
        #expect(error.path == "launch.mission")
    }

    @Test("A fragment builds from a builder of its type")
    func fragment() throws {
        let tile = try LaunchTile.build(LaunchBuilder(id: "25", isBooked: true))
        #expect(tile.id == "25")
        #expect(tile.isBooked)
        #expect(throws: TestDataError.self) { try LaunchTile.build(MissionBuilder()) }
    }

    @Test("The builders live in the test target, not in the app's API module")
    func buildersAreNotInTheAPIModule() {
        // Mangled names of structs: <length>Module<length>TypeV.
        #expect(_typeByName("19RocketReserverTests13LaunchBuilderV") != nil)
        #expect(_typeByName("17RocketReserverAPI13LaunchBuilderV") == nil)
        #expect(_typeByName("17RocketReserverAPI15LaunchListQueryV") != nil)
    }
}
