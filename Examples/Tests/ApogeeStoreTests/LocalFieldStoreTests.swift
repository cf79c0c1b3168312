@testable import ApogeeStore
import CachePolicyFixtures
import Testing

/// Local-only fields in the store (`local-fields.graphqls` of the library schema): the app's
/// writes store them like any field, a server result leaves them as they are, and a read of
/// one never written gives its default, or `null`, instead of a miss.
@Suite("Local-only fields in the store")
struct LocalFieldStoreTests {
    /// The shelf as the server sends it: no local field in it.
    static let shelf: JSONObject = [
        "books": [["__typename": "Book", "isbn": "978-0", "edition": 1, "title": "Dune"]],
    ]
    static let book: CacheKey = #"Book:{"edition":1,"isbn":"978-0"}"#
    static let query = ReadingListQuery(format: .some("dewey"))

    @Test("never written, local fields read as their defaults or null, with no miss")
    func neverWrittenReadsAsDefault() throws {
        let store = NormalizedStore()
        try store.writeResult(Self.query, data: Self.shelf)
        let read = try store.read(Self.query)
        let data = try #require(read.value)
        #expect(data.readingGoal == 12)
        #expect(data.books.first?.isFavorite == false)
        #expect(data.books.first?.note == nil)
        #expect(data.books.first?.shelfMark == nil)
        // The reader still depends on them, so that writing one later wakes a watcher.
        #expect(read.dependencies.contains(FieldKey(Self.book, "isFavorite")))
    }

    @Test("a transaction stores local fields like any field, under their arguments")
    func writtenInATransaction() throws {
        let store = NormalizedStore()
        try store.writeResult(Self.query, data: Self.shelf)
        try store.transaction { transaction in
            try transaction.update(Self.query) { data in
                data.readingGoal = 20
                data.books[0].isFavorite = true
                data.books[0].shelfMark = "813.54"
            }
        }
        let record = try #require(try store.record(for: Self.book))
        #expect(record["isFavorite"] == .scalar(true))
        #expect(record[#"shelfMark({"format":"dewey"})"#] == .scalar("813.54"))
        #expect(try store.record(for: .queryRoot)?["readingGoal"] == .scalar(20))
        let data = try #require(try store.read(Self.query).value)
        #expect(data.books.first?.isFavorite == true)
        #expect(data.books.first?.shelfMark == "813.54")
        #expect(try store.read(ReadingListQuery(format: .some("udc"))).value?.books.first?.shelfMark == nil)
    }

    @Test("a server result leaves local fields as the app wrote them, even when its data carries them, and reports them")
    func serverResultsKeepLocalFields() throws {
        let store = NormalizedStore()
        try store.writeResult(Self.query, data: Self.shelf)
        try store.transaction { transaction in
            try transaction.update(Self.query) { $0.books[0].isFavorite = true }
        }
        var carrying = Self.shelf
        carrying["readingGoal"] = 1
        carrying["books"] = [["__typename": "Book", "isbn": "978-0", "edition": 1, "title": "Dune", "isFavorite": false, "note": "from the server"]]
        let changes = try store.writeResult(Self.query, data: carrying)
        // The same server data only renews the book's declared age; no local field is written.
        #expect(changes.changedRecords.subtracting([Self.book]).isEmpty)
        let record = try #require(try store.record(for: Self.book))
        #expect(record["isFavorite"] == .scalar(true))
        #expect(record["note"] == .null)  // as the app's update wrote it, not the server's note
        // The client puts these into the server's result.
        #expect(changes.localValues[ResponsePath([.field("books"), .index(0), .field("isFavorite")])] == true)
        #expect(changes.localValues[ResponsePath([.field("books"), .index(0), .field("note")])] == .null)
        #expect(changes.localValues[ResponsePath([.field("readingGoal")])] == 12)
    }

    @Test("a watcher sees a local field change, and no server result wakes it for one")
    func watcherSeesTheChange() async throws {
        let store = NormalizedStore()
        try store.writeResult(Self.query, data: Self.shelf)
        var updates = store.watch(Self.query).makeAsyncIterator()
        let initial = try #require(await updates.next())
        #expect(try initial.get().books.first?.isFavorite == false)

        try store.writeResult(Self.query, data: Self.shelf)
        try store.transaction { transaction in
            try transaction.update(Self.query) { $0.books[0].note = "Reread in spring" }
        }
        // The first update is the note: the server's unchanged shelf woke no one.
        let changed = try #require(await updates.next())
        #expect(try changed.get().books.first?.note == "Reread in spring")
    }
}
