@testable import Apogee
import ApogeeExampleServer
import RedirectFixtures
import TestSupport
import Testing

/// A redirect declared with `@fieldPolicy(forField: "launch", keyArgs: "id")`: a launch the
/// list stored is read by ID without a request, counted at the example server.
@Suite("Cache redirects", .timeLimit(.minutes(10)))
struct CacheRedirectTests {
    @Test("after the list, one launch by ID comes from the store with no request")
    func redirectServedFromTheStore() async throws {
        try await withClient { server, client in
            let list = try await client.fetch(query: LaunchSitesQuery())
            let first = try #require(list.data?.launches.launches.first.flatMap { $0 })
            #expect(server.requestCount == 1)

            let single = try await client.fetch(query: LaunchSiteByIDQuery(id: first.id))
            #expect(single.source == .cache)
            #expect(single.data?.launch?.id == first.id)
            #expect(single.data?.launch?.site == first.site)
            #expect(server.requestCount == 1)
            #expect(server.requestCount(operationName: "LaunchSiteByID") == 0)
        }
    }

    @Test("a redirect whose record lacks a selected field goes to the server, and then the store has it")
    func redirectWithAMissingFieldGoesToTheNetwork() async throws {
        try await withClient { server, client in
            let list = try await client.fetch(query: LaunchSitesQuery())
            let id = try #require(list.data?.launches.launches.first??.id)

            let booking = try await client.fetch(query: LaunchBookingByIDQuery(id: id))
            #expect(booking.source == .server)
            #expect(server.requestCount(operationName: "LaunchBookingByID") == 1)
            let again = try await client.fetch(query: LaunchBookingByIDQuery(id: id))
            #expect(again.source == .cache)
            #expect(server.requestCount(operationName: "LaunchBookingByID") == 1)
        }
    }

    @Test("a launch the store never held is a miss, so a request")
    func unknownRecordGoesToTheNetwork() async throws {
        try await withClient { server, client in
            let single = try await client.fetch(query: LaunchSiteByIDQuery(id: "25"))
            #expect(single.source == .server)
            #expect(single.data?.launch?.id == "25")
            #expect(server.requestCount(operationName: "LaunchSiteByID") == 1)
        }
    }

    @Test("a watch of a redirected launch follows the record the list wrote")
    func watcherFollowsTheRecord() async throws {
        try await withClient { server, client in
            let list = try await client.fetch(query: LaunchSitesQuery())
            let first = try #require(list.data?.launches.launches.first.flatMap { $0 })
            var updates = client.watch(query: LaunchSiteByIDQuery(id: first.id), cachePolicy: .returnCacheDataDontFetch).makeAsyncIterator()
            let initial = try await updates.next()
            #expect(initial?.data?.launch?.site == first.site)

            try client.store.transaction { try $0.setField("site", to: .scalar("Vandenberg"), of: CacheKey("Launch:" + first.id)) }
            let changed = try await updates.next()
            #expect(changed?.data?.launch?.site == "Vandenberg")
            #expect(server.requestCount(operationName: "LaunchSiteByID") == 0)
        }
    }
}
