@testable import ApogeeAPI
@testable import ApogeeSQLite
@testable import ApogeeStore
import RocketReserverAPI
import TestSupport
import Testing

@Suite("Expiry: fields older than their maximum age are a cache miss")
struct ExpiryTests {
    @Test("a type's age: fresh before, a miss after, fresh again once written again with the same values")
    func typeAge() async throws {
        try await TemporaryFolder.with { folder in
            let clock = TestClock()
            let file = try folder.openStoreFile(.init(maximumAges: ["Launch": .seconds(60)], now: clock.function))
            let store = file.makeNormalizedStore()
            try store.writeLaunch("25")

            clock.advance(by: 60)
            #expect(try store.read(Launches.query("25")).miss == nil)

            clock.advance(by: 1)
            #expect(try store.read(Launches.query("25")).miss?.reason == .expired)
            // Only the launch's own fields expired: its mission and rocket are of other types.
            #expect(try Set(store.expiredFields("25").map(\.record)) == ["Launch:25"])
            #expect(try store.record(for: "Launch:25.mission")?["name"] == .scalar("Starlink"))
            #expect(try store.record(for: "Rocket:falcon9")?["name"] == .scalar("Falcon 9"))

            // The server's answer is the same data; the expired fields count as changed and
            // get a new write time.
            try store.writeLaunch("25")
            #expect(try store.read(Launches.query("25")).miss == nil)
            clock.advance(by: 59)
            #expect(try store.read(Launches.query("25")).miss == nil)
        }
    }

    @Test("a field's own age wins over its type's, and a write refreshes only the fields it writes")
    func fieldAgeAndPartialWrites() async throws {
        try await TemporaryFolder.with { folder in
            let clock = TestClock()
            let configuration = SQLiteStore.Configuration(maximumAges: ["Launch": .seconds(600), "Launch.site": .seconds(60)], now: clock.function)
            let file = try folder.openStoreFile(configuration)
            let store = file.makeNormalizedStore()
            try store.writeLaunch("25")

            clock.advance(by: 61)
            #expect(try store.expiredFields("25") == [FieldKey("Launch:25", "site")])
            #expect(try store.read(Launches.query("25")).miss?.field == "site")

            // Writing isBooked does not make site fresh.
            try store.transaction { try $0.setField("isBooked", to: .scalar(true), of: "Launch:25") }
            #expect(try store.expiredFields("25") == [FieldKey("Launch:25", "site")])
            #expect(try store.record(for: "Launch:25")?["isBooked"] == .scalar(true))

            // Writing site does; the others keep their first write time.
            try store.transaction { try $0.setField("site", to: .scalar("Vandenberg"), of: "Launch:25") }
            clock.advance(by: 540)  // 601 s after the first write, 540 s after the second
            let expired = try Set(store.expiredFields("25"))
            #expect(expired.contains(FieldKey("Launch:25", "id")))
            #expect(!expired.contains(FieldKey("Launch:25", "isBooked")))
            #expect(expired.contains(FieldKey("Launch:25", "site")))  // its own 60 s rule
        }
    }

    @Test("a rule on a root field, named without its arguments, expires that field only")
    func rootFieldWithArguments() async throws {
        try await TemporaryFolder.with { folder in
            let clock = TestClock()
            let file = try folder.openStoreFile(.init(maximumAges: ["Query.launch": .seconds(10)], now: clock.function))
            let store = file.makeNormalizedStore()
            try store.writeLaunch("25")
            clock.advance(by: 11)
            let root = try #require(try store.record(for: .queryRoot))
            #expect(root.expirations.keys.sorted() == [#"launch({"id":"25"})"#])
            #expect(try store.record(for: "Launch:25")?.expirations.isEmpty == true)
            // The root field has expired, but RocketReserverAPI declares a cache redirect on
            // Query.launch, so the query still finds the fresh Launch:25 by its argument.
            #expect(try store.read(Launches.query("25")).value?.launch?.site == "KSC LC 39A")
        }
    }

    @Test("write times survive reopening the file")
    func agesPersist() async throws {
        try await TemporaryFolder.with { folder in
            let clock = TestClock()
            let configuration = SQLiteStore.Configuration(maximumAges: ["Launch": .seconds(60)], now: clock.function)
            try folder.withStoreFile(configuration) { file in
                try file.makeNormalizedStore().writeLaunch("25")
            }
            clock.advance(by: 30)
            try folder.withStoreFile(configuration) { file in
                // The `try` outside #expect makes the closure a throwing one.
                let miss = try file.makeNormalizedStore().read(Launches.query("25")).miss
                #expect(miss == nil)
            }
            clock.advance(by: 31)
            let file = try folder.openStoreFile(configuration)
            #expect(try file.makeNormalizedStore().read(Launches.query("25")).miss != nil)
        }
    }
}
