@testable import ApogeeStore
@testable import ApogeeTesting
import CachePolicyFixtures
import Testing

/// A watcher learns when what it shows expires: the store sets an alarm for the earliest
/// expiry among its watchers, and the watcher's next read is marked stale.
@Suite("Watchers told of expiry", .timeLimit(.minutes(10)))
struct ExpiryWatchTests {
    @Test("a watched field's expiry delivers the same data marked stale, naming the field")
    func watcherToldOfExpiry() async throws {
        let clock = ManualCacheClock()
        let store = NormalizedStore(clock: clock)
        try store.write(data: SampleShelf.data, for: ShelfQuery())
        var reads = store.watchReads(ShelfQuery(), options: CacheReadOptions(maxStale: .seconds(3600))).makeAsyncIterator()

        let fresh = try #require(await reads.next())
        #expect(fresh.value?.media.count == 2)
        #expect(!fresh.isStale)

        // Media titles expire after 10 seconds, before anything else.
        clock.advance(by: .seconds(11))
        let stale = try #require(await reads.next())
        #expect(stale.value == fresh.value)
        #expect(Set(stale.expiredFields) == [FieldKey("Film:F-7", "title"), FieldKey("Album:A-3", "title")])

        // Then the books, after 60.
        clock.advance(by: .seconds(50))
        let staler = try #require(await reads.next())
        #expect(staler.expiredFields.contains(FieldKey(DeclaredExpiryTests.dune, "title")))
    }

    @Test("a plain watcher, which takes no stale data, gets a miss when its data expires")
    func plainWatcherGetsMiss() async throws {
        let clock = ManualCacheClock()
        let store = NormalizedStore(clock: clock)
        try store.write(data: SampleShelf.data, for: ShelfQuery())
        var results = store.watch(ShelfQuery()).makeAsyncIterator()
        #expect(try #require(await results.next()).isSuccess)

        clock.advance(by: .seconds(11))
        let expired = try #require(await results.next())
        guard case .failure(let miss) = expired else {
            Issue.record("expected a miss, got \(expired)")
            return
        }
        #expect(miss.reason == .expired)
    }

    @Test("a write that renews the data before it expires moves the alarm, and the watcher stays fresh")
    func renewedDataMovesTheAlarm() async throws {
        let clock = ManualCacheClock()
        let store = NormalizedStore(clock: clock)
        try store.write(data: SampleShelf.data, for: ShelfQuery())
        var reads = store.watchReads(BookByKeyQuery(isbn: "978-0", edition: 1), options: CacheReadOptions(maxStale: .seconds(3600))).makeAsyncIterator()
        #expect(try #require(await reads.next()).isStale == false)

        clock.advance(by: .seconds(40))
        var renamed = SampleShelf.data
        renamed["books"] = [["__typename": "Book", "isbn": "978-0", "edition": 1, "title": "Dune Messiah"]]
        try store.write(data: renamed, for: ShelfQuery())
        let renewed = try #require(await reads.next())
        #expect(renewed.value?.book?.title == "Dune Messiah")
        #expect(!renewed.isStale)

        // 40 + 30 is past the first write's 60 seconds, not the second's.
        clock.advance(by: .seconds(30))
        clock.advance(by: .seconds(31))
        let stale = try #require(await reads.next())
        #expect(stale.isStale)
        #expect(stale.value?.book?.title == "Dune Messiah")
    }
}
