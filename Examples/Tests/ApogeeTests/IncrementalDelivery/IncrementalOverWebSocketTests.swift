@testable import Apogee
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// Queries with `@defer` and `@stream` over graphql-transport-ws: a client whose network
/// transport is the WebSocket gets each payload as a result with all the data so far.
@Suite(.timeLimit(.minutes(10))) struct IncrementalOverWebSocketTests {
    /// A client that sends every operation over one socket to `server`'s RocketReserver endpoint.
    static func client(_ server: ExampleServer) -> (ApogeeClient, GraphQLWebSocketTransport) {
        let webSocket = GraphQLWebSocketTransport(url: server.rocketReserverURL.webSocketURL, configuration: .forTests(), stack: .platform)
        let client = ApogeeClient(url: server.rocketReserverURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), networkTransport: webSocket)
        return (client, webSocket)
    }

    /// Every result of a network-only fetch, in order.
    static func results<Query: GraphQLQuery>(of query: Query, from client: ApogeeClient) async throws -> [GraphQLResult<Query.Data>] {
        var results: [GraphQLResult<Query.Data>] = []
        for try await result in client.fetchResults(query: query, cachePolicy: .fetchIgnoringCacheData) {
            results.append(result)
        }
        return results
    }

    @Test func aDeferredFragmentArrivesInTheSecondResult() async throws {
        try await withServer { server in
            let (client, webSocket) = Self.client(server)
            let results = try await Self.results(of: DeferredLaunchQuery(id: "1"), from: client)
            try #require(results.count == 2)
            let first = try #require(results[0].data?.launch)
            #expect(first.id == "1")
            #expect(first.site != nil)
            #expect(first.missionDetails == .pending)
            #expect(results[0].hasNext)

            let last = try #require(results[1].data?.launch)
            #expect(last.site == first.site)
            #expect(last.missionDetails.value?.mission?.name != nil)
            #expect(!results[1].hasNext)
            #expect(results.allSatisfy { $0.errors == nil })
            await server.waitForSubscriptionEvents { events in
                events.contains { if case .completedByServer(_, _) = $0 { true } else { false } }
            }
            #expect(server.subscriptionEvents.contains {
                if case .subscribed(_, _, "DeferredLaunch", .webSocket) = $0 { true } else { false }
            })
            await webSocket.close()
        }
    }

    @Test func aStreamedListGrowsToItsFullLength() async throws {
        try await withServer { server in
            let (client, webSocket) = Self.client(server)
            let results = try await Self.results(of: StreamedLaunchesQuery(initialCount: 2), from: client)
            let counts = results.map { $0.data?.launches.launches.count }
            #expect(counts == [2, 3, 4, 5])
            #expect(results.map(\.hasNext) == [true, true, true, false])
            #expect(results.last?.data?.launches.launches.allSatisfy { $0?.site != nil } == true)
            await webSocket.close()
        }
    }
}
