@testable import ApogeeAPI
@testable import ApogeeSQLite
@testable import ApogeeStore
import RocketReserverAPI
import TestSupport
import Testing

@Suite("A store opened on a new file asks the file only for what it may hold")
struct NewFileTests {
    @Test("on a new file, writes and misses read nothing from the file, and everything written reads back after reopening")
    func newFileNeedsNoReads() async throws {
        try await TemporaryFolder.with { folder in
            let query = LaunchListQuery(pageSize: 20)
            let written = try folder.withStoreFile { file in
                let store = file.makeNormalizedStore()
                try store.write(data: PrefetchTests.page(20), for: query)
                // A second write patches the records of the first, which are in memory.
                try store.write(data: PrefetchTests.page(20), for: query)
                #expect(try store.record(for: "Launch:999") == nil)
                #expect(try file.fileReads() == 0)
                return try store.read(query).result.get()
            }
            let file = try folder.openStoreFile()
            let store = file.makeNormalizedStore()
            #expect(try store.read(query).result.get() == written)
            #expect(try file.fileReads() > 0, "a file that holds records is read")
        }
    }

    @Test("a file emptied by clearing the store starts reading again once reopened with records")
    func clearedThenWritten() async throws {
        try await TemporaryFolder.with { folder in
            let query = LaunchListQuery(pageSize: 5)
            try folder.withStoreFile { file in
                let store = file.makeNormalizedStore()
                try store.write(data: PrefetchTests.page(5), for: query)
                try store.clear()
                #expect(throws: CacheMiss.self) { try store.read(query).result.get() }
                try store.write(data: PrefetchTests.page(5), for: query)
            }
            let file = try folder.openStoreFile()
            #expect(try file.makeNormalizedStore().read(query).result.get().launches.launches.count == 5)
        }
    }
}
