import ApogeeAPI
import ApogeeStore
import struct RocketReserverAPI.BookTripMutation
import StoreFixtures
import Testing

@Suite("Optimistic layers")
struct OptimisticLayerTests {
    @Test("a layer shows at once and rolls back when removed")
    func applyAndRollBack() async throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1", isBooked: false), for: LaunchDetailsQuery(id: "1"))
        var results = store.watch(LaunchDetailsQuery(id: "1")).makeAsyncIterator()
        #expect(try await results.nextValue().get().launch?.isBooked == false)

        let layer = try store.addOptimisticLayer { transaction in
            try transaction.update(LaunchDetailsQuery(id: "1")) { $0.launch?.isBooked = true }
        }
        #expect(try await results.nextValue().get().launch?.isBooked == true)
        #expect(store.optimisticLayerIDs == [layer])

        try store.removeOptimisticLayer(layer)
        #expect(try await results.nextValue().get().launch?.isBooked == false)
        #expect(store.optimisticLayerIDs.isEmpty)
    }

    @Test("a layer runs again over a base that changed under it")
    func rebase() async throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1", site: "old", isBooked: false), for: LaunchDetailsQuery(id: "1"))
        var results = store.watch(LaunchDetailsQuery(id: "1")).makeAsyncIterator()
        _ = try await results.nextValue()
        try store.addOptimisticLayer { transaction in
            try transaction.update(LaunchDetailsQuery(id: "1")) { $0.launch?.isBooked = true }
        }
        _ = try await results.nextValue()

        // The base gains a new site; the layer, run again, keeps it and still books the launch.
        try store.write(data: Fixtures.launchDetails("1", site: "new", isBooked: false), for: LaunchDetailsQuery(id: "1"))
        let launch = try #require(try await results.nextValue().get().launch)
        #expect(launch.site == "new")
        #expect(launch.isBooked)
    }

    @Test("the real result replaces the optimistic one in one notification")
    func replaceInOneTransaction() async throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1", site: "a", isBooked: false), for: LaunchDetailsQuery(id: "1"))
        var results = store.watch(LaunchDetailsQuery(id: "1")).makeAsyncIterator()
        _ = try await results.nextValue()
        let layer = try store.addOptimisticLayer { transaction in
            try transaction.update(LaunchDetailsQuery(id: "1")) { $0.launch?.site = "guess" }
        }
        #expect(try await results.nextValue().get().launch?.site == "guess")

        let (_, changes) = try store.transaction(removingOptimisticLayers: [layer]) { transaction in
            try transaction.write(data: Fixtures.bookTrip("1"), for: BookTripMutation(id: "1"))
        }
        #expect(changes.changedRecords.contains("Launch:1"))
        let launch = try #require(try await results.nextValue().get().launch)
        #expect(launch.site == "KSC LC 39A")
        #expect(launch.isBooked)

        try store.write(data: Fixtures.launchDetails("1", site: "sentinel", isBooked: true), for: LaunchDetailsQuery(id: "1"))
        #expect(try await results.nextValue().get().launch?.site == "sentinel")
    }

    @Test("a layer whose closure fails on a new base shows nothing, not half its changes")
    func failingRebase() throws {
        struct Gone: Error {}
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1", site: "a"), for: LaunchDetailsQuery(id: "1"))
        try store.addOptimisticLayer { transaction in
            try transaction.setField("isBooked", to: .scalar(true), of: "Launch:1")
            // Fails once the base has a launch 2.
            guard try transaction.record(for: "Launch:2") == nil else { throw Gone() }
        }
        #expect(try store.record(for: "Launch:1")?["isBooked"] == .scalar(true))
        try store.write(data: Fixtures.launchDetails("2"), for: LaunchDetailsQuery(id: "2"))
        #expect(try store.record(for: "Launch:1")?["isBooked"] == .scalar(false))
    }

    @Test("a layer whose closure throws is not added")
    func failingLayer() throws {
        struct Refused: Error {}
        let store = NormalizedStore()
        #expect(throws: Refused.self) {
            try store.addOptimisticLayer { _ in throw Refused() }
        }
        #expect(store.optimisticLayerIDs.isEmpty)
    }
}
