@testable import ApogeeAPI
@testable import ApogeeStore
import struct RocketReserverAPI.BookTripMutation
import StoreFixtures
import TestSupport
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

    @Test("a rebase runs again only the layers that read what changed, and what those change in turn")
    func rebaseRunsOnlyDependentLayers() throws {
        let store = NormalizedStore()
        try store.transaction { transaction in
            try transaction.setField("value", to: .scalar(.int(1)), of: "Source")
            for key in ["Copy", "Other", "CopyOfCopy"] {
                try transaction.setField("value", to: .scalar(.int(0)), of: CacheKey(key))
            }
            try transaction.setField("value", to: .scalar(.int(0)), of: "Unrelated")
        }
        let runs = Recorder<String>()
        // Copy follows Source; CopyOfCopy follows Copy as the layer below shows it; Other
        // reads only itself.
        try store.addOptimisticLayer { transaction in
            runs.append("copy")
            let value = try transaction.record(for: "Source")?["value"] ?? .null
            try transaction.setField("value", to: value, of: "Copy")
        }
        try store.addOptimisticLayer { transaction in
            runs.append("other")
            try transaction.setField("value", to: .scalar(.int(7)), of: "Other")
        }
        try store.addOptimisticLayer { transaction in
            runs.append("copy of copy")
            let value = try transaction.record(for: "Copy")?["value"] ?? .null
            try transaction.setField("value", to: value, of: "CopyOfCopy")
        }
        #expect(runs.values == ["copy", "other", "copy of copy"])

        // A write nobody read runs no layer, and every layer still shows.
        try store.transaction { try $0.setField("value", to: .scalar(.int(5)), of: "Unrelated") }
        #expect(runs.values.count == 3)
        #expect(try store.record(for: "Other")?["value"] == .scalar(.int(7)))
        #expect(try store.record(for: "CopyOfCopy")?["value"] == .scalar(.int(1)))

        // A write to Source runs the layer that read it, then the one that read its change.
        try store.transaction { try $0.setField("value", to: .scalar(.int(2)), of: "Source") }
        #expect(Array(runs.values.dropFirst(3)) == ["copy", "copy of copy"])
        #expect(try store.record(for: "Copy")?["value"] == .scalar(.int(2)))
        #expect(try store.record(for: "CopyOfCopy")?["value"] == .scalar(.int(2)))
        #expect(try store.record(for: "Other")?["value"] == .scalar(.int(7)))

        // A write to a record a layer writes runs that layer too: what it stages depends on it.
        try store.transaction { try $0.setField("value", to: .scalar(.int(9)), of: "Other") }
        #expect(runs.values.last == "other")
        #expect(try store.record(for: "Other")?["value"] == .scalar(.int(7)))
    }
}
