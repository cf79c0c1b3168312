import Apogee
import ApogeeTesting
import Foundation
import RocketReserverAPI
import TestSupport
import Testing

/// `MockNetworkTransport`: expectations matched by operation type and variables, every request
/// recorded, the unexpected ones refused by name and variables.
@Suite("MockNetworkTransport")
struct MockNetworkTransportTests {
    let transport: MockNetworkTransport
    let client: ApogeeClient
    let unexpected = Recorder<MockNetworkTransport.Request>()

    init() {
        let unexpected = unexpected
        transport = MockNetworkTransport(onUnexpectedRequest: { unexpected.append($0) })
        client = ApogeeClient(url: URL(string: "https://rocket-reserver.example/graphql")!, networkTransport: transport)
    }

    @Test("An expectation answers the request with its type and variables, and no other")
    func matchesByVariables() async throws {
        try transport.expect(LaunchSummaryQuery(id: "25"), respondWith: QueryBuilder(launch: LaunchBuilder(id: "25", site: "KSC")))
        try transport.expect(LaunchSummaryQuery(id: "26"), respondWith: QueryBuilder(launch: LaunchBuilder(id: "26", site: "VAFB")))

        let second = try await client.fetch(query: LaunchSummaryQuery(id: "26"), cachePolicy: .fetchIgnoringCacheCompletely)
        #expect(second.data?.launch?.site == "VAFB")
        let first = try await client.fetch(query: LaunchSummaryQuery(id: "25"), cachePolicy: .fetchIgnoringCacheCompletely)
        #expect(first.data?.launch?.site == "KSC")
        #expect(transport.requests.map(\.variables) == [["id": "26"], ["id": "25"]])
        try transport.verify()
    }

    @Test("An unexpected request fails with the operation's name and variables, and verify reports it")
    func unexpectedRequest() async throws {
        try transport.expect(LaunchSummaryQuery(id: "25"), respondWith: QueryBuilder())
        await #expect(throws: (any Error).self) {
            try await client.fetch(query: LaunchSummaryQuery(id: "99"), cachePolicy: .fetchIgnoringCacheCompletely)
        }
        let request = try #require(unexpected.values.first)
        #expect(request.operationName == "LaunchSummary")
        #expect(request.variables == ["id": "99"])
        #expect(request.description == #"query LaunchSummary with variables {"id":"99"}"#)

        let error = try #require(throws: MockNetworkTransport.VerificationError.self) { try transport.verify() }
        #expect(error.unexpectedRequests == [request])
        #expect(error.unmetExpectations.map(\.variables) == [["id": "25"]])
        #expect(error.description.contains(#"LaunchSummary with variables {"id":"99"}"#))
    }

    @Test("An expectation answers once; expectAny answers whatever the variables")
    func answersOnce() async throws {
        transport.expectAny(LaunchSummaryQuery.self, respond: .data(try LaunchSummaryQuery(id: "1").buildData(QueryBuilder(launch: LaunchBuilder(id: "1")))))
        let answered = try await client.fetch(query: LaunchSummaryQuery(id: "7"), cachePolicy: .fetchIgnoringCacheCompletely)
        #expect(answered.data?.launch?.id == "1")
        await #expect(throws: (any Error).self) {
            try await client.fetch(query: LaunchSummaryQuery(id: "7"), cachePolicy: .fetchIgnoringCacheCompletely)
        }
        #expect(unexpected.values.count == 1)
    }

    @Test("A failure response fails the request as a transport error would")
    func failure() async throws {
        struct Offline: Error {}
        transport.expect(MeQuery(), respond: .failure(Offline()))
        await #expect(throws: (any Error).self) {
            try await client.fetch(query: MeQuery(), cachePolicy: .fetchIgnoringCacheCompletely)
        }
        try transport.verify()
    }

    @Test("A subscription gets one result per response body")
    func subscriptionEvents() async throws {
        let subscription = TripsBookedSubscription()
        transport.expect(subscription, respond: .results([
            try subscription.buildResponse(SubscriptionBuilder(tripsBooked: 1)),
            try subscription.buildResponse(SubscriptionBuilder(tripsBooked: 2)),
        ]))
        var values: [Int?] = []
        for try await result in client.subscribe(subscription: subscription) { values.append(result.data?.tripsBooked) }
        #expect(values == [1, 2])
        try transport.verify()
    }
}
