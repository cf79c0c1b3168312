@testable import ApogeeAPI
@testable import ApogeeStore
import struct RocketReserverAPI.BookTripMutation
import struct RocketReserverAPI.LaunchTile
import StoreFixtures
import Testing

@Suite("Watchers")
struct WatcherTests {
    @Test("a watcher on a launch is updated by a mutation result that returns the same launch")
    func updatedByMutation() async throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1"), for: LaunchDetailsQuery(id: "1"))
        var results = store.watch(LaunchDetailsQuery(id: "1")).makeAsyncIterator()
        #expect(try await results.nextValue().get().launch?.isBooked == false)

        try store.write(data: Fixtures.bookTrip("1"), for: BookTripMutation(id: "1"))
        #expect(try await results.nextValue().get().launch?.isBooked == true)
    }

    @Test("a watcher starts with a miss, and gets the data once it is written")
    func missThenData() async throws {
        let store = NormalizedStore()
        var results = store.watch(LaunchDetailsQuery(id: "1")).makeAsyncIterator()
        #expect(try await results.nextValue().isFailure)
        try store.write(data: Fixtures.launchDetails("1", site: "S"), for: LaunchDetailsQuery(id: "1"))
        #expect(try await results.nextValue().get().launch?.site == "S")
    }

    @Test("a watcher is not woken by records it does not use, nor by writes that change nothing")
    func notWokenByOthers() async throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1", site: "first"), for: LaunchDetailsQuery(id: "1"))
        var results = store.watch(LaunchDetailsQuery(id: "1")).makeAsyncIterator()
        #expect(try await results.nextValue().get().launch?.site == "first")

        try store.write(data: Fixtures.launchDetails("2", site: "other"), for: LaunchDetailsQuery(id: "2"))
        try store.write(data: Fixtures.launchDetails("1", site: "first"), for: LaunchDetailsQuery(id: "1"))
        try store.transaction { try $0.setField("rocket", to: .scalar("Falcon"), of: "Launch:1") }
        // The next delivery is this one: nothing was delivered for the writes above.
        try store.write(data: Fixtures.launchDetails("1", site: "second"), for: LaunchDetailsQuery(id: "1"))
        #expect(try await results.nextValue().get().launch?.site == "second")
    }

    @Test("removing a record tells the watchers that showed it, with a miss")
    func removalNotifies() async throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1"), for: LaunchDetailsQuery(id: "1"))
        var results = store.watch(LaunchDetailsQuery(id: "1")).makeAsyncIterator()
        #expect(try await results.nextValue().isSuccess)

        let changes = try store.removeRecord("Launch:1")
        #expect(changes.removedRecords == ["Launch:1"])
        let miss = try #require(try await results.nextValue().failure)
        #expect(miss.reason == .missingRecord)
        #expect(miss.key == "Launch:1")

        try store.write(data: Fixtures.launchDetails("1", site: "back"), for: LaunchDetailsQuery(id: "1"))
        #expect(try await results.nextValue().get().launch?.site == "back")
    }

    @Test("clear tells every watcher")
    func clearNotifies() async throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1"), for: LaunchDetailsQuery(id: "1"))
        try store.write(data: Fixtures.launchList(ids: ["5"]), for: LaunchListQuery())
        var details = store.watch(LaunchDetailsQuery(id: "1")).makeAsyncIterator()
        var list = store.watch(LaunchListQuery()).makeAsyncIterator()
        #expect(try await details.nextValue().isSuccess)
        #expect(try await list.nextValue().isSuccess)

        let changes = try store.clear()
        #expect(changes.removedAllRecords)
        #expect(try store.recordCount() == 0)
        #expect(try await details.nextValue().isFailure)
        #expect(try await list.nextValue().isFailure)
    }

    @Test("a transaction notifies once, with everything it changed")
    func transactionNotifiesOnce() async throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1", site: "a", isBooked: false), for: LaunchDetailsQuery(id: "1"))
        var results = store.watch(LaunchDetailsQuery(id: "1")).makeAsyncIterator()
        #expect(try await results.nextValue().get().launch?.site == "a")

        try store.transaction { transaction in
            try transaction.update(LaunchDetailsQuery(id: "1")) { $0.launch?.site = "b" }
            try transaction.update(LaunchDetailsQuery(id: "1")) { $0.launch?.isBooked = true }
            try transaction.update(LaunchDetailsQuery(id: "1")) { $0.launch?.mission?.name = "Crew-9" }
        }
        let launch = try #require(try await results.nextValue().get().launch)
        #expect(launch.site == "b")
        #expect(launch.isBooked)
        #expect(launch.mission?.name == "Crew-9")

        try store.write(data: Fixtures.launchDetails("1", site: "sentinel"), for: LaunchDetailsQuery(id: "1"))
        #expect(try await results.nextValue().get().launch?.site == "sentinel")
    }

    @Test("a watcher is released when its task is cancelled or its stream dropped")
    func releasedOnCancellation() async throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1"), for: LaunchDetailsQuery(id: "1"))
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            var count = 0
            for await _ in store.watch(LaunchDetailsQuery(id: "1")) {
                count += 1
                startedContinuation.yield()
            }
            return count
        }
        var iterator = started.makeAsyncIterator()
        _ = await iterator.next()
        #expect(store.watcherCount == 1)
        task.cancel()
        #expect(await task.value == 1)
        #expect(store.watcherCount == 0)

        do {
            let stream = store.watch(LaunchDetailsQuery(id: "1"))
            #expect(store.watcherCount == 1)
            withExtendedLifetime(stream) {}
        }
        #expect(store.watcherCount == 0)
    }

    @Test("cancelling a watching task from inside a transaction neither deadlocks nor leaks")
    func cancelInsideTransaction() async throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("1"), for: LaunchDetailsQuery(id: "1"))
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            for await _ in store.watch(LaunchDetailsQuery(id: "1")) {
                startedContinuation.yield()
            }
        }
        var iterator = started.makeAsyncIterator()
        _ = await iterator.next()
        try store.transaction { transaction in
            task.cancel()
            try transaction.setField("site", to: .scalar("during"), of: "Launch:1")
        }
        await task.value
        #expect(store.watcherCount == 0)
        #expect(try store.record(for: "Launch:1")?["site"] == .scalar("during"))
    }

    @Test("a fragment watcher follows its record")
    func fragmentWatcher() async throws {
        let store = NormalizedStore()
        try store.write(data: Fixtures.bookTrip("2", isBooked: false), for: BookTripMutation(id: "2"))
        var results = store.watch(LaunchTile.self, key: "Launch:2").makeAsyncIterator()
        #expect(try await results.nextValue().get().isBooked == false)
        try store.transaction { try $0.update(LaunchTile.self, key: "Launch:2") { $0.isBooked = true } }
        #expect(try await results.nextValue().get().isBooked == true)
    }

    @Test("with many watchers, a change reaches only the watchers of the changed record")
    func manyWatchers() async throws {
        let store = NormalizedStore()
        var iterators: [AsyncStream<Result<LaunchDetailsQuery.Data, CacheMiss>>.Iterator] = []
        for id in 0..<200 {
            try store.write(data: Fixtures.launchDetails("\(id)", site: "s\(id)"), for: LaunchDetailsQuery(id: "\(id)"))
            var iterator = store.watch(LaunchDetailsQuery(id: "\(id)")).makeAsyncIterator()
            #expect(try await iterator.nextValue().get().launch?.site == "s\(id)")
            iterators.append(iterator)
        }
        try store.write(data: Fixtures.launchDetails("150", site: "changed"), for: LaunchDetailsQuery(id: "150"))
        // Every other watcher's next result is its own sentinel, not a re-delivery.
        try store.transaction { transaction in
            for id in 0..<200 where id != 150 {
                try transaction.write(data: Fixtures.launchDetails("\(id)", site: "sentinel"), for: LaunchDetailsQuery(id: "\(id)"))
            }
        }
        for id in 0..<200 {
            let site = try await iterators[id].nextValue().get().launch?.site
            #expect(site == (id == 150 ? "changed" : "sentinel"))
        }
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }

    var isFailure: Bool { !isSuccess }

    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
