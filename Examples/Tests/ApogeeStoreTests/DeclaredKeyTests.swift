@testable import ApogeeStore
import CachePolicyFixtures
import Testing

/// Keys declared beside the schema with `@typePolicy(keyFields:)` reach the store through
/// the generated code, and the store's own `CacheKeyPolicy` still wins where it speaks.
@Suite("Cache keys declared in the schema")
struct DeclaredKeyTests {
    static let shelf = SampleShelf.data

    @Test("a composite key takes every field it names, so two editions are two records")
    func compositeKeys() throws {
        let store = NormalizedStore()
        try store.write(data: Self.shelf, for: ShelfQuery())
        let root = try #require(try store.record(for: .queryRoot))
        #expect(root["books"] == .list([
            .reference(#"Book:{"edition":1,"isbn":"978-0"}"#),
            .reference(#"Book:{"edition":2,"isbn":"978-0"}"#),
        ]))
        #expect(try store.record(for: #"Book:{"edition":2,"isbn":"978-0"}"#)?["title"] == .scalar("Dune (revised)"))
    }

    @Test("an interface's key is each implementation's, under the object's own type name")
    func interfaceKeys() throws {
        let store = NormalizedStore()
        try store.write(data: Self.shelf, for: ShelfQuery())
        let root = try #require(try store.record(for: .queryRoot))
        #expect(root["media"] == .list([.reference("Film:F-7"), .reference("Album:A-3")]))
        #expect(try store.record(for: "Film:F-7")?["minutes"] == .scalar(116))
        let read = try #require(try store.read(ShelfQuery()).value)
        #expect(read.media.map(\.title) == ["Arrival", "Blue"])
    }

    @Test("the store's own key policy wins for the types it names; the schema's keys serve the rest")
    func programmaticPolicyWins() throws {
        let store = NormalizedStore(keyPolicy: CacheKeyPolicy(keyFields: ["Book": ["title"]]))
        try store.write(data: Self.shelf, for: ShelfQuery())
        let root = try #require(try store.record(for: .queryRoot))
        #expect(root["books"] == .list([.reference("Book:Dune"), .reference("Book:Dune (revised)")]))
        #expect(root["media"] == .list([.reference("Film:F-7"), .reference("Album:A-3")]))
    }

    @Test("generated code carries the declared keys by concrete type")
    func generatedMetadata() {
        #expect(ShelfQuery.Data.__cacheKeyFields == ["Book": ["isbn", "edition"], "Film": ["code"], "Album": ["code"]])
        #expect(SchemaCachePolicy.keyFields == ShelfQuery.Data.__cacheKeyFields)
    }

    @Test("a redirect with a composite key reads the edition the shelf stored, and misses one it did not")
    func compositeRedirect() throws {
        let store = NormalizedStore()
        try store.write(data: Self.shelf, for: ShelfQuery())
        let second = try #require(try store.read(BookByKeyQuery(isbn: "978-0", edition: 2)).value)
        #expect(second.book?.title == "Dune (revised)")
        let third = try store.read(BookByKeyQuery(isbn: "978-0", edition: 3))
        #expect(third.miss?.reason == .missingRecord)
    }

    @Test("generated code carries the declared redirects")
    func generatedRedirects() {
        #expect(BookByKeyQuery.Data.__cacheRedirects == [
            "Query.book": CacheRedirect(typename: "Book", keyArguments: ["isbn", "edition"], keyFields: ["isbn", "edition"]),
        ])
    }
}
