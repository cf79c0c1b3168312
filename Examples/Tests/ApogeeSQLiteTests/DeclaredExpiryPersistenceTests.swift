@testable import ApogeeAPI
@testable import ApogeeSQLite
@testable import ApogeeStore
@testable import ApogeeTesting
import CachePolicyFixtures
import TestSupport
import Testing

/// Expiry times from the schema's `@cacheControl` and from a response's `max-age` are kept
/// with the fields in the file, so a later launch of the app knows what has expired.
@Suite("Declared and received expiry in the store file")
struct DeclaredExpiryPersistenceTests {
    static let dune = CacheKey(SampleShelf.firstEditionKey)

    @Test("a declared age survives reopening the file, and expires on the same clock")
    func declaredAgePersists() async throws {
        try await TemporaryFolder.with { folder in
            let clock = ManualCacheClock()
            let configuration = SQLiteStore.Configuration(now: { clock.now() })
            try folder.withStoreFile(configuration) { file in
                try file.makeNormalizedStore(clock: clock).write(data: SampleShelf.data, for: ShelfQuery())
            }

            clock.advance(by: .seconds(30))
            try folder.withStoreFile(configuration) { file in
                let store = file.makeNormalizedStore(clock: clock)
                let record = try #require(try store.record(for: Self.dune))
                #expect(record.expirations["title"] == record.expirations["isbn"])
                #expect(record.expirations["title"] != nil)
                #expect(try store.read(BookByKeyQuery(isbn: "978-0", edition: 1)).value?.book?.title == "Dune")
            }

            clock.advance(by: .seconds(31))
            try folder.withStoreFile(configuration) { file in
                let store = file.makeNormalizedStore(clock: clock)
                #expect(try store.read(BookByKeyQuery(isbn: "978-0", edition: 1)).miss?.reason == .expired)
                let stale = try store.read(BookByKeyQuery(isbn: "978-0", edition: 1), options: CacheReadOptions(maxStale: .seconds(60)))
                #expect(stale.value?.book?.title == "Dune")
                #expect(stale.isStale)
            }
        }
    }

    @Test("a response's max-age is kept per field, and a later write without one clears it")
    func responseMaxAgePersists() async throws {
        try await TemporaryFolder.with { folder in
            let clock = ManualCacheClock()
            let configuration = SQLiteStore.Configuration(now: { clock.now() })
            let album: JSONObject = ["media": [["__typename": "Album", "code": "A-3", "title": "Blue"]], "books": []]
            try folder.withStoreFile(configuration) { file in
                try file.makeNormalizedStore(clock: clock).writeResult(ShelfQuery(), data: album, maxAge: .seconds(5))
            }
            clock.advance(by: .seconds(6))
            try folder.withStoreFile(configuration) { file in
                let store = file.makeNormalizedStore(clock: clock)
                let read = try store.read(ShelfQuery(), options: CacheReadOptions(maxStale: .seconds(3600)))
                // The response said 5 seconds for all it wrote, the root's fields included; the
                // schema's 10 for a title wins for that field.
                #expect(Set(read.expiredFields) == [FieldKey(.queryRoot, "books"), FieldKey(.queryRoot, "media"), FieldKey("Album:A-3", "code")])
                try store.writeResult(ShelfQuery(), data: album)
            }
            clock.advance(by: .seconds(3600))
            try folder.withStoreFile(configuration) { file in
                let record = try #require(try file.makeNormalizedStore(clock: clock).record(for: "Album:A-3"))
                #expect(record.expirations["code"] == nil)
                #expect(record.expirations["title"] != nil)
            }
        }
    }
}
