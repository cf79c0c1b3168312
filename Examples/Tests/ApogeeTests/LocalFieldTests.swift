@testable import Apogee
import ApogeeExampleServer
import LocalFieldFixtures
import RocketReserverAPI
import TestSupport
import Testing

/// Local-only fields (`local-fields.graphqls` beside the RocketReserver schema): the example
/// server never sees them, the store keeps what the app writes, and a server result shows the
/// store's values without ever erasing them. Requests are counted and read at the server.
@Suite("Local-only fields", .timeLimit(.minutes(10)))
struct LocalFieldTests {
    /// The query with a note in French: `$language` is used by the local `note` field alone.
    static let inFrench = LaunchNotesQuery(id: "25", language: .some("fr"))

    @Test("the request leaves out local fields and the variables only they use, and the server accepts it")
    func absentFromTheRequest() async throws {
        try await withClient { server, client in
            let result = try await client.fetch(query: Self.inFrench)
            #expect(result.errors == nil)
            #expect(result.data?.launch?.id == "25")
            #expect(result.data?.launch?.site != nil)

            let body = try server.recordedBody(at: 0)
            #expect(body["query"] == .string(LaunchNotesQuery.document))
            #expect(body["variables"] == ["id": "25"])
            let sent = String(decoding: try #require(server.recordedRequests.first).body, as: UTF8.self)
            for name in ["isFavorite", "note", "visits", "labels", "language", #""fr""#] {
                #expect(!sent.contains(name), "the request carried \(name): \(sent)")
            }
        }
    }

    @Test("never written, local fields read as their defaults or null, and cause no request")
    func neverWrittenReadsAsDefault() async throws {
        try await withClient { server, client in
            let fetched = try await client.fetch(query: Self.inFrench)
            #expect(fetched.source == .server)
            #expect(fetched.data?.launch?.isFavorite == false)
            #expect(fetched.data?.launch?.note == nil)
            #expect(fetched.data?.launch?.fragments.launchVisits.visits == 0)
            #expect(fetched.data?.launch?.fragments.launchVisits.labels == [])
            #expect(try client.store.record(for: "Launch:25")?["isFavorite"] == nil)

            // The store has every server field; the local ones it lacks are no miss.
            let again = try await client.fetch(query: Self.inFrench)
            #expect(again.source == .cache)
            #expect(again.data == fetched.data)
            let german = try await client.fetch(query: LaunchNotesQuery(id: "25", language: .some("de")))
            #expect(german.source == .cache)
            #expect(german.data?.launch?.note == nil)
            #expect(server.requestCount == 1)
        }
    }

    @Test("written in a transaction and read back typed; a watcher sees the change")
    func writtenAndWatched() async throws {
        try await withClient { server, client in
            _ = try await client.fetch(query: Self.inFrench)
            var updates = client.watch(query: Self.inFrench, cachePolicy: .returnCacheDataDontFetch).makeAsyncIterator()
            let initial = try await updates.next()
            #expect(initial?.data?.launch?.isFavorite == false)

            try client.store.transaction { transaction in
                try transaction.update(Self.inFrench) { data in
                    data.launch?.isFavorite = true
                    data.launch?.note = "Bonne chance"
                }
                try transaction.update(LaunchVisits.self, key: "Launch:25") { visits in
                    visits.visits += 1
                    visits.labels.append("watched")
                }
            }
            let changed = try #require(try await updates.next()?.data?.launch)
            #expect(changed.isFavorite)
            #expect(changed.note == "Bonne chance")
            #expect(changed.fragments.launchVisits.visits == 1)
            #expect(changed.fragments.launchVisits.labels == ["watched"])

            let read = try #require(try client.store.read(Self.inFrench).value?.launch)
            #expect(read == changed)
            // The note is stored per language, as any field with arguments is.
            let german = try client.store.read(LaunchNotesQuery(id: "25", language: .some("de"))).value?.launch
            #expect(german?.isFavorite == true)
            #expect(german?.note == nil)
            #expect(server.requestCount == 1)
        }
    }

    @Test("a server result never erases what the app wrote, and the result's data shows the stored values")
    func untouchedByServerResults() async throws {
        try await withClient { server, client in
            _ = try await client.fetch(query: Self.inFrench)
            try client.store.transaction { transaction in
                try transaction.update(Self.inFrench) { data in
                    data.launch?.isFavorite = true
                    data.launch?.note = "Bonne chance"
                }
            }

            let refetched = try await client.fetch(query: Self.inFrench, cachePolicy: .fetchIgnoringCacheData)
            #expect(refetched.source == .server)
            #expect(server.requestCount(operationName: "LaunchNotes") == 2)
            #expect(refetched.data?.launch?.isFavorite == true)
            #expect(refetched.data?.launch?.note == "Bonne chance")
            #expect(refetched.data?.launch?.site != nil)

            let record = try #require(try client.store.record(for: "Launch:25"))
            #expect(record["isFavorite"] == .scalar(true))
            #expect(record[#"note({"language":"fr"})"#] == .scalar("Bonne chance"))
        }
    }

    @Test("RocketReserver's favourite survives a booking's result and a reload from the server")
    func rocketReserverFavourite() async throws {
        try await withServer { server in
            let client = try await server.signedInClient(email: "favourite@example.com")
            _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            try client.store.transaction { transaction in
                try transaction.update(LaunchDetailsQuery(launchId: "25")) { $0.launch?.isFavorite = true }
            }
            let booking = try await client.perform(mutation: BookTripMutation(id: "25"))
            #expect(booking.data?.bookTrips.success == true)

            let cached = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            #expect(cached.source == .cache)
            #expect(cached.data?.launch?.isBooked == true)
            #expect(cached.data?.launch?.isFavorite == true)
            let reloaded = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .fetchIgnoringCacheData)
            #expect(reloaded.source == .server)
            #expect(reloaded.data?.launch?.isFavorite == true)
            let sent = server.recordedRequests.map { String(decoding: $0.body, as: UTF8.self) }
            #expect(sent.count == 4)  // login, the details, the booking, the reload
            #expect(!sent.contains { $0.contains("isFavorite") })
        }
    }
}
