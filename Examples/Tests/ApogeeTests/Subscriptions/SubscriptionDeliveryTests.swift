@testable import Apogee
import ApogeeExampleServer
import Foundation
import LiveFixtures
import RocketReserverAPI
import TestSupport
import Testing

/// Subscriptions deliver their events in order and end when the server completes them, over
/// WebSockets and server-sent events alike.
@Suite struct SubscriptionDeliveryTests {
    @Test(arguments: SubscriptionPath.allCases)
    func eventsArriveInOrderUntilTheServerCompletes(path: SubscriptionPath) async throws {
        try await withServer { server in
            let live = server.liveClient(over: path)
            let results = try await allResults(of: live.client.subscribe(subscription: CountdownSubscription(from: 3)))
            #expect(results.map(\.data?.countdown) == [3, 2, 1])
            #expect(results.allSatisfy { $0.source == .server && $0.errors == nil })
            await server.waitForSubscriptionEvents { events in
                events.contains { if case .completedByServer = $0 { true } else { false } }
            }
            #expect(server.activeSubscriptionCount == 0)
        }
    }

    @Test(arguments: SubscriptionPath.allCases)
    func twoSubscriptionsRunAtOnce(path: SubscriptionPath) async throws {
        try await withServer { server in
            let live = server.liveClient(over: path)
            async let first = allResults(of: live.client.subscribe(subscription: CountdownSubscription(from: 4)))
            async let second = allResults(of: live.client.subscribe(subscription: CounterTicksSubscription(id: "b", count: 3)))
            let values = try await first.map(\.data?.countdown)
            #expect(values == [4, 3, 2, 1])
            let values2 = try await second.map(\.data?.counterTicks.value)
            #expect(values2 == [1, 2, 3])
            if path == .webSocket {
                // Both on one socket.
                let connections = Set(server.subscriptionEvents.compactMap { event -> Int? in
                    if case .subscribed(let connection, _, _, _) = event { connection } else { nil }
                })
                #expect(connections.count == 1)
                #expect(server.openedSocketCount == 1)
            }
        }
    }

    @Test(arguments: SubscriptionPath.allCases)
    func anEventUpdatesAWatchedQueryThroughTheStore(path: SubscriptionPath) async throws {
        try await withServer { server in
            let live = server.liveClient(over: path)
            let first = try await live.client.fetch(query: CounterQuery(id: "w"))
            #expect(first.data?.counter.value == 0)
            let watched = Task {
                var seen: [Int] = []
                for try await result in live.client.watch(query: CounterQuery(id: "w")) {
                    guard let value = result.data?.counter.value else { continue }
                    seen.append(value)
                    if value == 3 { return seen }
                }
                return seen
            }
            let events = try await allResults(of: live.client.subscribe(subscription: CounterTicksSubscription(id: "w", count: 3)))
            #expect(events.map(\.data?.counterTicks.value) == [1, 2, 3])
            let seen = try await watched.value
            #expect(seen.first == 0)
            #expect(seen.last == 3)
            // Read back from the store alone: the subscription wrote it.
            let cached = try await live.client.fetch(query: CounterQuery(id: "w"), cachePolicy: .returnCacheDataDontFetch)
            #expect(cached.source == .cache)
            #expect(cached.data?.counter.value == 3)
        }
    }

    @Test(arguments: SubscriptionPath.allCases)
    func resultsStayOutOfTheStoreWhenTheCallerOptsOut(path: SubscriptionPath) async throws {
        try await withServer { server in
            let live = server.liveClient(over: path)
            let events = try await allResults(of: live.client.subscribe(subscription: CounterTicksSubscription(id: "n", count: 2), writesToStore: false))
            #expect(events.count == 2)
            let cached = try await live.client.fetch(query: CounterQuery(id: "n"), cachePolicy: .returnCacheDataDontFetch)
            #expect(cached.data == nil)
        }
    }

    @Test(arguments: SubscriptionPath.allCases)
    func interceptorsSeeEveryResult(path: SubscriptionPath) async throws {
        try await withServer { server in
            let counter = Counter()
            let provider = FixedInterceptorProvider([CountingInterceptor(counter: counter)])
            let live = server.liveClient(over: path, provider: provider)
            let results = try await allResults(of: live.client.subscribe(subscription: CountdownSubscription(from: 5)))
            #expect(results.count == 5)
            #expect(await counter.value == 5)
            // The interceptor replaced each result's extensions; the subscriber sees its work.
            #expect(results.allSatisfy { $0.extensions?["counted"] == true })
        }
    }

    @Test(arguments: SubscriptionPath.allCases)
    func tripsBookedReportsABooking(path: SubscriptionPath) async throws {
        try await withServer { server in
            let tokens = InMemoryTokenStore()
            let http = server.client(provider: NetworkInterceptorProvider(tokens: tokens))
            let login = try await http.perform(mutation: LoginMutation(email: "subscriber@example.com"))
            await tokens.setToken(login.data?.login?.token)
            let subscriber = server.subscriptionClient(endpoint: server.rocketReserverURL, over: path)
            let events = subscriber.client.subscribe(subscription: TripsBookedSubscription())
            let first = Task { try await firstResults(1, of: events) }
            await server.waitForSubscriptions(1)
            let booking = try await http.perform(mutation: BookTripMutation(id: "25"))
            #expect(booking.data?.bookTrips.success == true)
            let values3 = try await first.value.map(\.data?.tripsBooked)
            #expect(values3 == [1])
        }
    }

    @Test func completionHandlerGetsEachEvent() async throws {
        try await withServer { server in
            let live = server.liveClient(over: .webSocket)
            let (values, delivered) = AsyncStream<Int>.makeStream()
            let handle = live.client.subscribe(subscription: CountdownSubscription(from: 2)) { result in
                if case .success(let graphQLResult) = result, let value = graphQLResult.data?.countdown {
                    delivered.yield(value)
                    if value == 1 { delivered.finish() }
                }
            }
            var received: [Int] = []
            for await value in values { received.append(value) }
            #expect(received == [2, 1])
            handle.cancel()
        }
    }
}

/// Counts the results an interceptor written for one result sees, and marks each.
struct CountingInterceptor: ResultInterceptor {
    let counter: Counter

    func adjust<Operation: GraphQLOperation>(
        _ result: GraphQLResult<Operation.Data>, of request: GraphQLRequest<Operation>
    ) async throws -> GraphQLResult<Operation.Data> {
        var result = result
        await counter.next()
        result.extensions = ["counted": true]
        return result
    }
}
