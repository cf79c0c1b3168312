@testable import ApogeeStore
import CachePolicyFixtures
import Testing

/// Reads say whether an optimistic layer covers what they read, and watchers hear when that
/// changes even if the data does not.
@Suite("Pending writes on reads", .timeLimit(.minutes(10)))
struct PendingWriteTests {
    static let dune = DeclaredExpiryTests.dune

    @Test("a layer over a record a read looked at makes the read pending; one elsewhere does not")
    func pendingOnlyWhereCovered() throws {
        let store = NormalizedStore()
        try store.write(data: SampleShelf.data, for: ShelfQuery())
        #expect(try store.read(ShelfQuery()).hasPendingWrites == false)

        let layer = try store.addOptimisticLayer { transaction in
            try transaction.write(data: ["book": ["__typename": "Book", "isbn": "978-0", "edition": 1, "title": "Dune (pending)"]],
                                  for: BookByKeyQuery(isbn: "978-0", edition: 1))
        }
        #expect(try store.read(BookByKeyQuery(isbn: "978-0", edition: 1)).hasPendingWrites)
        #expect(try store.read(BookByKeyQuery(isbn: "978-0", edition: 2)).hasPendingWrites == false)

        _ = try store.removeOptimisticLayer(layer)
        #expect(try store.read(BookByKeyQuery(isbn: "978-0", edition: 1)).hasPendingWrites == false)
    }

    @Test("a watcher hears the pending state start and end, when the server confirms the same data")
    func watcherHearsConfirmation() async throws {
        let store = NormalizedStore()
        try store.write(data: SampleShelf.data, for: ShelfQuery())
        var reads = store.watchReads(BookByKeyQuery(isbn: "978-0", edition: 1)).makeAsyncIterator()
        #expect(try #require(await reads.next()).hasPendingWrites == false)

        let guess: JSONObject = ["book": ["__typename": "Book", "isbn": "978-0", "edition": 1, "title": "Dune (signed)"]]
        let layer = try store.addOptimisticLayer { transaction in
            try transaction.write(data: guess, for: BookByKeyQuery(isbn: "978-0", edition: 1))
        }
        let pending = try #require(await reads.next())
        #expect(pending.hasPendingWrites)
        #expect(pending.value?.book?.title == "Dune (signed)")

        // The server's answer is what the guess said: the data does not change, the state does.
        _ = try store.transaction(removingOptimisticLayers: [layer]) { transaction in
            try transaction.write(data: guess, for: BookByKeyQuery(isbn: "978-0", edition: 1))
        }
        let confirmed = try #require(await reads.next())
        #expect(confirmed.hasPendingWrites == false)
        #expect(confirmed.value == pending.value)
    }

    @Test("a rollback ends the pending state and brings back the data")
    func watcherHearsRollback() async throws {
        let store = NormalizedStore()
        try store.write(data: SampleShelf.data, for: ShelfQuery())
        var reads = store.watchReads(BookByKeyQuery(isbn: "978-0", edition: 1)).makeAsyncIterator()
        let before = try #require(await reads.next())

        let layer = try store.addOptimisticLayer { transaction in
            try transaction.write(data: ["book": ["__typename": "Book", "isbn": "978-0", "edition": 1, "title": "Dune (lost)"]],
                                  for: BookByKeyQuery(isbn: "978-0", edition: 1))
        }
        #expect(try #require(await reads.next()).hasPendingWrites)
        _ = try store.removeOptimisticLayer(layer)
        let rolledBack = try #require(await reads.next())
        #expect(rolledBack.hasPendingWrites == false)
        #expect(rolledBack.value == before.value)
    }
}
