@testable import ApogeeStore
@testable import ApogeeTesting
import CachePolicyFixtures
import Testing

/// Beside `gc()`, which removes what nothing reaches: removing the fields past their expiry
/// time, and the references to records that are gone. Each removal reaches the watchers.
@Suite("Stale and dangling garbage collection", .timeLimit(.minutes(10)))
struct StaleCollectionTests {
    @Test("expired fields are removed once past maxStale, and a watcher showing them stale is told")
    func staleFieldsRemoved() async throws {
        let clock = ManualCacheClock()
        let store = NormalizedStore(clock: clock)
        try store.write(data: SampleShelf.data, for: ShelfQuery())
        var reads = store.watchReads(BookByKeyQuery(isbn: "978-0", edition: 1), options: CacheReadOptions(maxStale: .seconds(3600))).makeAsyncIterator()
        #expect(try #require(await reads.next()).isStale == false)

        clock.advance(by: .seconds(70))
        #expect(try #require(await reads.next()).isStale)
        // Ten seconds stale: a grace of a minute keeps them, none removes them.
        #expect(try store.removeStaleFields(maxStale: .seconds(60)).isEmpty)
        let removed = try store.removeStaleFields()
        #expect(removed.contains(FieldKey(DeclaredExpiryTests.dune, "title")))
        #expect(!removed.contains(FieldKey(DeclaredExpiryTests.dune, "__typename")))
        // Media titles expired too; their codes have no age and stay.
        #expect(removed.contains(FieldKey("Film:F-7", "title")))
        #expect(!removed.contains(FieldKey("Film:F-7", "code")))

        let told = try #require(await reads.next())
        #expect(told.miss?.reason == .missingField)
        #expect(try store.record(for: DeclaredExpiryTests.dune)?["title"] == nil)
    }

    @Test("references to a removed record are removed, and the watcher of the list is told")
    func danglingReferencesRemoved() async throws {
        let store = NormalizedStore()
        try store.write(data: SampleShelf.data, for: ShelfQuery())
        var results = store.watch(ShelfQuery()).makeAsyncIterator()
        #expect(try #require(await results.next()).isSuccess)
        // Removing the record alone leaves the list pointing at nothing: a miss deep inside.
        try store.transaction { try $0.removeRecord("Film:F-7") }
        guard case .failure(let deepMiss)? = await results.next() else {
            Issue.record("expected a miss after the removal")
            return
        }
        #expect(deepMiss.reason == .missingRecord)

        let removed = try store.removeDanglingReferences()
        #expect(removed == [FieldKey(.queryRoot, "media")])
        #expect(try store.record(for: .queryRoot)?["media"] == nil)
        #expect(try store.record(for: .queryRoot)?["books"] != nil)
        // The miss is now the list field itself, which a fetching watch asks the server for.
        let read = try store.read(ShelfQuery())
        #expect(read.miss?.field == "media")
        #expect(read.miss?.reason == .missingField)
        #expect(try store.removeDanglingReferences().isEmpty)
    }
}
