@testable import ApogeeAPI
@testable import ApogeeStore
import struct RocketReserverAPI.LaunchTile
import StoreFixtures
import Testing

@Suite("Garbage collection")
struct GarbageCollectionTests {
    @Test("gc keeps what the roots reach and what watchers retain, and removes the rest")
    func keepsReachableAndWatched() async throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1"), for: LaunchDetailsQuery(id: "1"))
        // Written by key only: no root reaches them.
        try store.write(LaunchTile(id: "50", site: "a", isBooked: false, mission: nil), key: "Launch:50")
        try store.write(LaunchTile(id: "51", site: "b", isBooked: false, mission: .init(name: "m", missionPatch: nil)), key: "Launch:51")
        var watched = store.watch(LaunchTile.self, key: "Launch:51").makeAsyncIterator()
        #expect(try await watched.nextValue().isSuccess)

        let removed = try store.gc()
        #expect(removed == ["Launch:50"])
        #expect(try store.record(for: "Launch:1") != nil)
        #expect(try store.record(for: "Launch:1.mission") != nil)
        #expect(try store.record(for: "Launch:51") != nil)
        #expect(try store.record(for: "Launch:51.mission") != nil)

        // Once the root no longer points at launch 1, it and its mission go.
        try store.transaction { try $0.removeField(#"launch({"id":"1"})"#, of: .queryRoot) }
        #expect(try store.gc() == ["Launch:1", "Launch:1.mission"])
        #expect(try store.recordCount() == 3)  // QUERY_ROOT, Launch:51, Launch:51.mission
    }

    @Test("records reached from an optimistic layer are kept")
    func keepsLayerRecords() throws {
        let store = NormalizedStore()
        try store.write(LaunchTile(id: "8", site: "a", isBooked: false, mission: nil), key: "Launch:8")
        let layer = try store.addOptimisticLayer { transaction in
            try transaction.setField("pinned", to: .reference("Launch:8"), of: .queryRoot)
        }
        #expect(try store.gc().isEmpty)
        try store.removeOptimisticLayer(layer)
        #expect(try store.gc() == ["Launch:8"])
    }
}
