@testable import ApogeeStore
@testable import ApogeeTesting
import CachePolicyFixtures
import Testing

/// Ages declared with `@cacheControl` and `@cacheControlField` reach the store through the
/// generated code: a field past its age reads as a miss, or as stale data when the read
/// accepts that, and the store's own ages are the fallback.
@Suite("Expiry declared in the schema")
struct DeclaredExpiryTests {
    static let shelf = SampleShelf.data
    static let dune = CacheKey(SampleShelf.firstEditionKey)

    @Test("generated code carries the declared ages, an interface's given to each implementation")
    func generatedMetadata() {
        #expect(SchemaCachePolicy.maxAges == ["Book": 60, "Film.title": 10, "Album.title": 10])
        #expect(ShelfQuery.Data.__cacheMaxAges == SchemaCachePolicy.maxAges)
    }

    @Test("a type's age: fresh before it, a miss after it, and the miss names the expired field")
    func typeAge() throws {
        let clock = ManualCacheClock()
        let store = NormalizedStore(clock: clock)
        try store.write(data: Self.shelf, for: ShelfQuery())
        #expect(try store.read(BookByKeyQuery(isbn: "978-0", edition: 1)).value?.book?.title == "Dune")

        clock.advance(by: .seconds(60))
        #expect(try store.read(BookByKeyQuery(isbn: "978-0", edition: 1)).value?.book?.title == "Dune")

        clock.advance(by: .seconds(1))
        let miss = try #require(try store.read(BookByKeyQuery(isbn: "978-0", edition: 1)).miss)
        #expect(miss.reason == .expired)
        #expect(miss.key == Self.dune)
        // `__typename` says what the record is; it never expires.
        #expect(try store.record(for: Self.dune)?.expirations["__typename"] == nil)
    }

    @Test("a field's own age (@cacheControlField on an interface) expires it before its neighbours")
    func fieldAge() throws {
        let clock = ManualCacheClock()
        let store = NormalizedStore(clock: clock)
        try store.write(data: Self.shelf, for: ShelfQuery())
        clock.advance(by: .seconds(11))

        let read = try store.read(ShelfQuery(), options: CacheReadOptions(maxStale: .seconds(3600)))
        #expect(read.isStale)
        #expect(Set(read.expiredFields) == [FieldKey("Film:F-7", "title"), FieldKey("Album:A-3", "title")])
        #expect(read.value?.media.map(\.title) == ["Arrival", "Blue"])
        #expect(try store.read(ShelfQuery()).miss?.field == "title")
    }

    @Test("maxStale lets an expired field through, marked, and only as long as it says")
    func maxStale() throws {
        let clock = ManualCacheClock()
        let store = NormalizedStore(clock: clock)
        try store.write(data: Self.shelf, for: ShelfQuery())
        clock.advance(by: .seconds(70))

        let accepting = CacheReadOptions(maxStale: .seconds(30))
        let stale = try store.read(BookByKeyQuery(isbn: "978-0", edition: 1), options: accepting)
        #expect(stale.value?.book?.title == "Dune")
        #expect(stale.isStale)
        #expect(stale.expiredFields.contains(FieldKey(Self.dune, "title")))

        clock.advance(by: .seconds(31))
        #expect(try store.read(BookByKeyQuery(isbn: "978-0", edition: 1), options: accepting).miss?.reason == .expired)
    }

    @Test("writing a field again renews it, even with the same value")
    func rewriteRenews() throws {
        let clock = ManualCacheClock()
        let store = NormalizedStore(clock: clock)
        try store.write(data: Self.shelf, for: ShelfQuery())
        clock.advance(by: .seconds(50))
        try store.write(data: Self.shelf, for: ShelfQuery())
        clock.advance(by: .seconds(50))
        let read = try store.read(BookByKeyQuery(isbn: "978-0", edition: 1))
        #expect(read.value?.book?.title == "Dune")
        #expect(!read.isStale)
    }

    @Test("the store's own maximum ages serve the fields the schema gives none")
    func fallbackAges() throws {
        let clock = ManualCacheClock()
        let store = NormalizedStore(maximumAges: ["Film": .seconds(5), "Book": .seconds(1_000)], clock: clock)
        try store.write(data: Self.shelf, for: ShelfQuery())
        clock.advance(by: .seconds(6))
        let read = try store.read(ShelfQuery(), options: CacheReadOptions(maxStale: .seconds(3600)))
        // Film's fields go by the store's 5 seconds, but its title by the declared 10, and
        // Book by its declared 60 rather than the store's 1,000.
        #expect(Set(read.expiredFields) == [FieldKey("Film:F-7", "code"), FieldKey("Film:F-7", "minutes")])
        clock.advance(by: .seconds(55))
        let later = try store.read(ShelfQuery(), options: CacheReadOptions(maxStale: .seconds(3600)))
        #expect(later.expiredFields.contains(FieldKey(Self.dune, "title")))
    }

    @Test("an updater reads what the store has, expired or not, and writing it back renews it")
    func transactionsReadExpiredData() throws {
        let clock = ManualCacheClock()
        let store = NormalizedStore(clock: clock)
        try store.write(data: Self.shelf, for: ShelfQuery())
        clock.advance(by: .seconds(3600))
        #expect(try store.read(ShelfQuery()).miss?.reason == .expired)
        try store.transaction { transaction in
            try transaction.update(ShelfQuery()) { shelf in
                shelf.books[0].title = "Dune (annotated)"
            }
        }
        let read = try store.read(ShelfQuery())
        #expect(read.value?.books.first?.title == "Dune (annotated)")
        #expect(!read.isStale)
    }
}
