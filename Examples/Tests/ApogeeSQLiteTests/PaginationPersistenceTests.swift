@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeSQLite
import RocketReserverAPI
import TestSupport
import Testing

/// The pages a `QueryPager` loaded are one list in the store, so a store file keeps them all.
@Suite("Pagination in the store file", .timeLimit(.minutes(10)))
struct PaginationPersistenceTests {
    @Test("a reopened store shows every page loaded before, without a request")
    func pagesSurviveReopening() async throws {
        try await TemporaryFolder.with { folder in
            try await ExampleServer.withServer { server in
                let first = try folder.openStoreFile()
                let loaded = try await Self.loadPages(ApogeeClient(url: server.rocketReserverURL, store: first.makeNormalizedStore()), next: 2)
                #expect(loaded.shown.launches.launches.count == 60)
                try first.close()

                let file = try folder.openStoreFile()
                let client = ApogeeClient(url: server.rocketReserverURL, store: file.makeNormalizedStore())
                let reopened = try await Self.loadPages(client, next: 0)
                #expect(reopened.shown == loaded.shown)
                #expect(reopened.hasNext)
                #expect(server.requestCount(operationName: "LaunchList") == 3)
                // The next page follows the last one kept.
                let grown = try await Self.loadPages(client, next: 1)
                #expect(grown.shown.launches.launches.count == 80)
                #expect(grown.shown.launches.launches.prefix(60).map { $0?.id } == loaded.shown.launches.launches.map { $0?.id })
                try file.close()
            }
        }
    }

    /// Loads the list as a new pager does, then `next` more pages; returns what it shows.
    @MainActor
    private static func loadPages(_ client: ApogeeClient, next: Int) async throws -> (shown: LaunchListQuery.Data, hasNext: Bool) {
        let pager = try QueryPager(client: client, query: LaunchListQuery(pageSize: .some(20)))
        try await pager.load()
        for _ in 0..<next { try await pager.loadNext() }
        return (try #require(pager.data), pager.hasNext)
    }
}
