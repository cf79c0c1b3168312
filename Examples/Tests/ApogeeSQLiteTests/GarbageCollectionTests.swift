@testable import ApogeeAPI
@testable import ApogeeSQLite
@testable import ApogeeStore
import RocketReserverAPI
import TestSupport
import Testing

@Suite("Garbage collection on the SQLite store")
struct GarbageCollectionTests {
    @Test("gc removes the records nothing reaches from the file, and keeps the rest")
    func removesUnreachable() async throws {
        try await TemporaryFolder.with { folder in
            try folder.withStoreFile { file in
                let store = file.makeNormalizedStore()
                try store.writeLaunch("1")
                // Written by key only: no root reaches them.
                try store.transaction { transaction in
                    try transaction.setFields(["__typename": .scalar("Launch"), "id": .scalar("50"), "next": .reference("Launch:51")], of: "Launch:50")
                    try transaction.setFields(["__typename": .scalar("Launch"), "id": .scalar("51")], of: "Launch:51")
                }
                #expect(try store.gc() == ["Launch:50", "Launch:51"])
                #expect(try store.record(for: "Launch:50") == nil)
                #expect(try store.recordCount() == 4)
            }
            let file = try folder.openStoreFile()
            #expect(try Set(file.recordSource.allKeys()) == ["QUERY_ROOT", "Launch:1", "Launch:1.mission", "Rocket:falcon9"])
            #expect(try file.makeNormalizedStore().read(Launches.query("1")).miss == nil)
        }
    }
}
