@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeSQLite
import LocalFieldFixtures
import TestSupport
import Testing

/// Local-only fields live in records like any field, so a SQLite store file keeps them with
/// no change of its own.
@Suite("Local-only fields in the store file", .timeLimit(.minutes(10)))
struct LocalFieldPersistenceTests {
    @Test("a local field written in a transaction is in the file after reopening, and reads with no request")
    func persistsAcrossReopening() async throws {
        try await TemporaryFolder.with { folder in
            try await ExampleServer.withServer { server in
                let query = LaunchNotesQuery(id: "25", language: .some("fr"))
                // One run of the app: fetch, mark the launch, close the file.
                let first = try folder.openStoreFile()
                let firstClient = ApogeeClient(url: server.rocketReserverURL, store: first.makeNormalizedStore())
                _ = try await firstClient.fetch(query: query)
                try firstClient.store.transaction { transaction in
                    try transaction.update(query) { data in
                        data.launch?.isFavorite = true
                        data.launch?.note = "Bonne chance"
                    }
                }
                let written = try #require(try firstClient.store.read(query).value)
                try first.close()

                let file = try folder.openStoreFile()
                #expect(try file.recordSource.record(for: "Launch:25")?["isFavorite"] == .scalar(true))
                let client = ApogeeClient(url: server.rocketReserverURL, store: file.makeNormalizedStore())
                let reopened = try await client.fetch(query: query)
                #expect(reopened.source == .cache)
                #expect(reopened.data == written)
                #expect(reopened.data?.launch?.isFavorite == true)
                #expect(reopened.data?.launch?.note == "Bonne chance")
                #expect(server.requestCount(operationName: "LaunchNotes") == 1)
                try file.close()
            }
        }
    }
}
