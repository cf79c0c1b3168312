@testable import ApogeeAPI
@testable import ApogeeStore
import struct RocketReserverAPI.LaunchTile
import StoreFixtures
import Testing

@Suite("Cache transactions")
struct TransactionTests {
    struct Refused: Error {}

    @Test("read, write and update a query through the typed models")
    func queryReadWriteUpdate() throws {
        let store = NormalizedStore()
        let query = LaunchDetailsQuery(id: "9")
        let data = LaunchDetailsQuery.Data(launch: .init(id: "9", site: "KSC", isBooked: false, mission: .init(name: "M", missionPatch: nil)))
        try store.transaction { transaction in
            try transaction.write(data, for: query)
            #expect(try transaction.read(query) == data)
            try transaction.update(query) { $0.launch?.isBooked = true }
        }
        #expect(try store.read(query).value?.launch?.isBooked == true)
        #expect(try store.read(query).value?.launch?.mission?.missionPatch == nil)
    }

    @Test("read, write and update a fragment by cache key")
    func fragments() throws {
        let store = NormalizedStore()
        let tile = LaunchTile(id: "4", site: "Vandenberg", isBooked: false, mission: .init(name: "X", missionPatch: "p"))
        try store.write(tile, key: "Launch:4")
        #expect(try store.record(for: "Launch:4")?["site"] == .scalar("Vandenberg"))
        #expect(try store.record(for: "Launch:4.mission")?[#"missionPatch({"size":"SMALL"})"#] == .scalar("p"))
        try store.transaction { transaction in
            #expect(try transaction.read(LaunchTile.self, key: "Launch:4") == tile)
            try transaction.update(LaunchTile.self, key: "Launch:4") { $0.site = "Boca Chica" }
        }
        #expect(try store.read(LaunchTile.self, key: "Launch:4").value?.site == "Boca Chica")
    }

    @Test("a transaction that throws applies nothing and notifies no one")
    func atomic() async throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1", site: "before"), for: LaunchDetailsQuery(id: "1"))
        var results = store.watch(LaunchDetailsQuery(id: "1")).makeAsyncIterator()
        #expect(try await results.nextValue().get().launch?.site == "before")

        #expect(throws: Refused.self) {
            try store.transaction { transaction in
                try transaction.update(LaunchDetailsQuery(id: "1")) { $0.launch?.site = "during" }
                try transaction.write(data: Fixtures.launchDetails("2"), for: LaunchDetailsQuery(id: "2"))
                let during = try transaction.read(LaunchDetailsQuery(id: "1"))
                #expect(during.launch?.site == "during")
                try transaction.removeRecord("Launch:1.mission")
                throw Refused()
            }
        }
        #expect(try store.read(LaunchDetailsQuery(id: "1")).value?.launch?.site == "before")
        #expect(try store.record(for: "Launch:2") == nil)
        #expect(try store.record(for: "Launch:1.mission") != nil)

        try store.write(data: Fixtures.launchDetails("1", site: "sentinel"), for: LaunchDetailsQuery(id: "1"))
        #expect(try await results.nextValue().get().launch?.site == "sentinel")
    }

    @Test("removal and clear inside a transaction, then writes after them")
    func removeAndClear() throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1"), for: LaunchDetailsQuery(id: "1"))
        try store.write(data: Fixtures.launchDetails("2"), for: LaunchDetailsQuery(id: "2"))
        try store.transaction { transaction in
            try transaction.removeRecord("Launch:1")
            #expect(try transaction.record(for: "Launch:1") == nil)
            try transaction.setField("site", to: .scalar("new"), of: "Launch:1")
        }
        // Removed then written: only the new field is there.
        #expect(try store.record(for: "Launch:1")?.fields == ["site": .scalar("new")])

        try store.transaction { transaction in
            try transaction.clear()
            #expect(try transaction.record(for: "Launch:2") == nil)
            try transaction.write(data: Fixtures.launchDetails("3"), for: LaunchDetailsQuery(id: "3"))
        }
        #expect(try store.record(for: "Launch:2") == nil)
        #expect(try store.read(LaunchDetailsQuery(id: "3")).value?.launch?.id == "3")
    }

    @Test("a transaction used after its closure returned throws instead of touching the store")
    func escapedTransaction() throws {
        let store = NormalizedStore()
        let escaped = try store.transaction { $0 }
        #expect(throws: CacheTransactionError.closed) {
            try escaped.removeRecord(.queryRoot)
        }
        #expect(throws: CacheTransactionError.closed) {
            _ = try escaped.record(for: .queryRoot)
        }
    }

    @Test("a transaction reads the base, not optimistic layers")
    func transactionsSeeTheBase() throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1", isBooked: false), for: LaunchDetailsQuery(id: "1"))
        try store.addOptimisticLayer { try $0.setField("isBooked", to: .scalar(true), of: "Launch:1") }
        #expect(try store.read(LaunchDetailsQuery(id: "1")).value?.launch?.isBooked == true)
        let base = try store.transaction { transaction in
            try transaction.read(LaunchDetailsQuery(id: "1"))
        }
        #expect(base.launch?.isBooked == false)
    }
}
