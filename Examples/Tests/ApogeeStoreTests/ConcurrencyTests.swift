@testable import ApogeeAPI
@testable import ApogeeStore
import StoreFixtures
import Testing

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("many tasks write, read and watch one store at once; watchers end with the store")
    func manyTasks() async throws {
        let (results, final) = try await Self.runWorkers()
        // The store is gone, so its watcher's stream has ended: draining it terminates.
        var deliveries: [LaunchDetailsQuery.Data] = []
        for await result in results {
            deliveries.append(try result.get())
        }
        #expect(deliveries.first?.launch?.site == "start")
        #expect(deliveries.count > 1)
        // Delivered in commit order, so the last delivery is the store's final state.
        #expect(deliveries.last == final)
        #expect(final.launch?.site?.hasPrefix("worker ") == true)
    }

    private static func runWorkers() async throws -> (AsyncStream<Result<LaunchDetailsQuery.Data, CacheMiss>>, LaunchDetailsQuery.Data) {
        let store = NormalizedStore()
        try store.write(data: Fixtures.launchDetails("shared", site: "start"), for: LaunchDetailsQuery(id: "shared"))
        let results = store.watch(LaunchDetailsQuery(id: "shared"))

        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in 0..<50 {
                        let id = "\(worker)-\(index)"
                        try store.write(data: Fixtures.launchDetails(id, site: id), for: LaunchDetailsQuery(id: id))
                        let read = try store.read(LaunchDetailsQuery(id: id))
                        #expect(read.value?.launch?.site == id)
                        try store.transaction { transaction in
                            try transaction.update(LaunchDetailsQuery(id: "shared")) { $0.launch?.site = "worker \(worker)" }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        // QUERY_ROOT, then a launch and its mission for each of the 400 writes and the shared one.
        #expect(try store.recordCount() == 1 + 2 * 401)
        let final = try #require(try store.read(LaunchDetailsQuery(id: "shared")).value)
        return (results, final)
    }
}
