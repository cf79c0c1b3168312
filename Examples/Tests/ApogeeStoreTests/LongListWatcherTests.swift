@testable import ApogeeAPI
@testable import ApogeeStore
import struct RocketReserverAPI.LaunchListQuery
import Testing

/// A watcher of a long list takes again, from its last read, the elements whose records did
/// not change. Whatever was taken, what it delivers must be what a fresh read gives.
@Suite("Watchers of long lists")
struct LongListWatcherTests {
    /// Pages of launches `"1"`, `"2"`, … of a cursor list that RocketReserverAPI declares
    /// `@paginated`, each launch with its own mission record.
    private static let pageSize = 10

    private static func page(_ number: Int, ids: [Int]? = nil, site: String = "KSC") -> JSONObject {
        let first = (number - 1) * pageSize + 1
        let launches: [JSONValue] = (ids ?? Array(first..<(first + pageSize))).map { id in
            [
                "__typename": "Launch", "id": .string("\(id)"), "site": .string(site),
                "mission": ["__typename": "Mission", "name": .string("Mission \(id)"), "missionPatch": .null],
            ]
        }
        return ["launches": ["__typename": "LaunchConnection", "cursor": .string("page \(number)"), "hasMore": true, "launches": .array(launches)]]
    }

    private static func query(_ number: Int) -> LaunchListQuery {
        LaunchListQuery(pageSize: .some(pageSize), after: number == 1 ? .none : .some("page \(number - 1)"))
    }

    /// Waits for the watcher's next data and checks it against a fresh read of the store.
    private static func expectFresh(
        _ results: inout AsyncStream<Result<LaunchListQuery.Data, CacheMiss>>.Iterator, in store: NormalizedStore,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> LaunchListQuery.Data {
        let delivered = try await results.nextValue(sourceLocation: sourceLocation).get()
        let fresh = try store.read(query(1)).result.get()
        #expect(delivered == fresh, sourceLocation: sourceLocation)
        return delivered
    }

    /// A store holding pages 1 to `pages`, merged, and a watcher of the list past its first
    /// delivery, which is checked against a fresh read.
    private static func watchedList(pages: Int) async throws -> (
        store: NormalizedStore, results: AsyncStream<Result<LaunchListQuery.Data, CacheMiss>>.Iterator, data: LaunchListQuery.Data
    ) {
        let store = NormalizedStore()
        for number in 1...pages { try store.write(data: page(number), for: query(number)) }
        var results = store.watch(query(1)).makeAsyncIterator()
        let data = try await expectFresh(&results, in: store)
        return (store, results, data)
    }

    private static func ids(_ data: LaunchListQuery.Data) -> [String] {
        data.launches.launches.map { $0?.id ?? "null" }
    }

    @Test("after each kind of write, a watcher of a merged list delivers what a fresh read gives")
    func deliversWhatAFreshReadGives() async throws {
        let watched = try await Self.watchedList(pages: 5)
        let store = watched.store
        var results = watched.results
        var data = watched.data
        #expect(data.launches.launches.count == 50)

        // One launch's own field.
        try store.transaction { try $0.setField("site", to: .scalar("Vandenberg"), of: "Launch:17") }
        data = try await Self.expectFresh(&results, in: store)
        #expect(data.launches.launches[16]?.site == "Vandenberg")
        #expect(data.launches.launches[15]?.site == "KSC")

        // A record that a launch links to: the element that shows it is read again.
        let missionKey = try #require(try store.record(for: "Launch:23")?.fields["mission"]?.referenceKey)
        try store.transaction { try $0.setField("name", to: .scalar("Renamed"), of: missionKey) }
        data = try await Self.expectFresh(&results, in: store)
        #expect(data.launches.launches[22]?.mission?.name == "Renamed")

        // The next page, at the end.
        try store.write(data: Self.page(6), for: Self.query(6))
        data = try await Self.expectFresh(&results, in: store)
        let all: [String] = (1...60).map(String.init)
        #expect(Self.ids(data) == all)

        // A page written again in another order, with other values: elements move.
        try store.write(data: Self.page(2, ids: Array((11...20).reversed()), site: "Kourou"), for: Self.query(2))
        data = try await Self.expectFresh(&results, in: store)
        let moved: [String] = (1...10).map(String.init) + (11...20).reversed().map(String.init)
        #expect(Self.ids(data) == moved)
        #expect(data.launches.launches[10]?.site == "Kourou")

        // A record deleted: it leaves the list.
        try store.commitUpdate { try $0.delete("Launch:5") }
        data = try await Self.expectFresh(&results, in: store)
        #expect(!Self.ids(data).contains("5"))
        #expect(data.launches.launches.count == 19)

        // A first page again: the list starts over.
        try store.write(data: Self.page(1, site: "Baikonur"), for: Self.query(1))
        data = try await Self.expectFresh(&results, in: store)
        let first: [String] = (1...10).map(String.init)
        #expect(Self.ids(data) == first)
        #expect(data.launches.launches.allSatisfy { $0?.site == "Baikonur" })
    }

    @Test("a write that leaves every launch a long list shows as it was is not delivered; the next change is")
    func unchangedListIsNotDelivered() async throws {
        let watched = try await Self.watchedList(pages: 5)
        let store = watched.store
        var results = watched.results

        // Launch 17 now links to another mission record that reads exactly as its own: the
        // watcher reads launch 17 again and finds the list as it was.
        let missionKey = try #require(try store.record(for: "Launch:17")?.fields["mission"]?.referenceKey)
        let mission = try #require(try store.record(for: missionKey))
        try store.transaction { transaction in
            try transaction.setFields(mission.fields, of: "Mission:copy")
            try transaction.setField("mission", to: .reference("Mission:copy"), of: "Launch:17")
        }
        // Launch 30 at the end changes in a field the list shows: the next delivery has it,
        // and nothing came between.
        try store.transaction { try $0.setField("site", to: .scalar("Vandenberg"), of: "Launch:30") }
        let data = try await Self.expectFresh(&results, in: store)
        #expect(data.launches.launches[29]?.site == "Vandenberg")
        #expect(data.launches.launches[16]?.mission?.name == "Mission 17")
    }

    @Test("after a write to one launch at a time, again and again, a watcher of a long list still delivers each as a fresh read gives it")
    func manyWritesToOneLaunchEach() async throws {
        let watched = try await Self.watchedList(pages: 5)
        let store = watched.store
        var results = watched.results

        // Each re-read keeps the launches it read again apart from the others; after a few
        // reads they are joined together, and every launch must still wake the watcher.
        for round in 1...12 {
            let launch = round * 4
            try store.transaction { try $0.setField("site", to: .scalar(.string("Site \(round)")), of: CacheKey("Launch:\(launch)")) }
            let data = try await Self.expectFresh(&results, in: store)
            #expect(data.launches.launches[launch - 1]?.site == "Site \(round)")
        }
        for launch in [1, 4, 50] {
            try store.transaction { try $0.setField("site", to: .scalar("Again"), of: CacheKey("Launch:\(launch)")) }
            let data = try await Self.expectFresh(&results, in: store)
            #expect(data.launches.launches[launch - 1]?.site == "Again")
        }
    }

    @Test("a watcher of a long list is told when a launch it shows is removed, and recovers when it is back")
    func removedElementIsAMissThenBack() async throws {
        let watched = try await Self.watchedList(pages: 3)
        let store = watched.store
        var results = watched.results

        _ = try store.removeRecord("Launch:12")
        let miss = try #require(try await results.nextValue().failure)
        #expect(miss.key == "Launch:12")

        // Page 2 again, which ends the list: the pages after a page written again go.
        try store.write(data: Self.page(2, site: "Back"), for: Self.query(2))
        let data = try await Self.expectFresh(&results, in: store)
        #expect(data.launches.launches[11]?.site == "Back")
        #expect(data.launches.launches.count == 20)
    }

    @Test("deleting a launch takes it out of the merged list, and the next page still follows its cursor's page")
    func deletionKeepsPageStarts() throws {
        let store = NormalizedStore()
        for number in 1...3 { try store.write(data: Self.page(number), for: Self.query(number)) }
        try store.commitUpdate { try $0.delete("Launch:3") }
        // Page 3 again, after the cursor of page 2: it takes page 3's place, which moved back by one.
        try store.write(data: Self.page(3, site: "Again"), for: Self.query(3))
        let data = try store.read(Self.query(1)).result.get()
        let kept: [String] = (1...30).filter { $0 != 3 }.map(String.init)
        #expect(Self.ids(data) == kept)
        #expect(data.launches.launches[19]?.site == "Again")
        #expect(data.launches.launches[18]?.site == "KSC")
    }
}
