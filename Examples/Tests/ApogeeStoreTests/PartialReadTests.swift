@testable import ApogeeStore
import CachePolicyFixtures
import Testing

/// A partial read gives what the store has and lists what it lacks, with GraphQL's rule for
/// nulls: a missing field reads as `null` where its type allows, else its parent does.
@Suite("Partial reads")
struct PartialReadTests {
    @Test("a missing non-null field makes its nullable parent null, and the path names the field")
    func missingNullableField() throws {
        let store = NormalizedStore()
        // The book the redirect names is stored, but not its title.
        try store.write(data: SampleShelf.data, for: ShelfQuery())
        try store.commitUpdate { proxy in
            try proxy.record(for: DeclaredExpiryTests.dune)?.removeField("title")
        }
        #expect(try store.read(BookByKeyQuery(isbn: "978-0", edition: 1)).miss != nil)

        let read = try store.read(BookByKeyQuery(isbn: "978-0", edition: 1), options: CacheReadOptions(returnsPartialData: true))
        // `title` is non-null, so `book` (nullable) is null, and the path names the field.
        #expect(read.missingPaths == [["book", "title"]])
        let data = try #require(read.value)
        #expect(data.book == nil)
    }

    @Test("a missing element field inside a non-null list makes the nearest nullable parent null")
    func bubblesToNullableParent() throws {
        let store = NormalizedStore()
        try store.write(data: SampleShelf.data, for: ShelfQuery())
        try store.commitUpdate { proxy in
            try proxy.record(for: "Album:A-3")?.removeField("title")
        }
        let read = try store.read(ShelfQuery(), options: CacheReadOptions(returnsPartialData: true))
        #expect(read.missingPaths == [["media", 1, "title"]])
        // media is [Media!]!, under the root: no nullable parent, so there is no data to give.
        #expect(read.value == nil)
        #expect(read.miss?.field == "title")
    }

    @Test("with everything there, a partial read is a plain read")
    func completeData() throws {
        let store = NormalizedStore()
        try store.write(data: SampleShelf.data, for: ShelfQuery())
        let read = try store.read(ShelfQuery(), options: CacheReadOptions(returnsPartialData: true))
        #expect(read.missingPaths.isEmpty)
        #expect(read.value == (try store.read(ShelfQuery()).value))
    }
}
