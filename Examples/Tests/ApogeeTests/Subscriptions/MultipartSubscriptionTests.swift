@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeTesting
import Foundation
import RocketReserverAPI
import TestSupport
import Testing

/// Apollo's multipart subscriptions (`subscriptionSpec=1.0`) end to end: `HTTPNetworkTransport`
/// with `subscriptionProtocol = .multipart` against the example server, on every HTTP stack.
@Suite(.timeLimit(.minutes(10))) struct MultipartSubscriptionTests {
    /// A server that sends a heartbeat every 50 ms.
    static var quickHeartbeats: ExampleServer.Configuration {
        var configuration = ExampleServer.Configuration()
        configuration.multipartHeartbeatInterval = .milliseconds(50)
        return configuration
    }

    /// The end of the server's first multipart subscription, as its log records it.
    static let firstCompletedByClient = SubscriptionEvent.completedByClient(connection: nil, id: "multipart-1")

    @Test(arguments: HTTPStack.all)
    func tripsBookedArriveBetweenHeartbeats(stack: HTTPStack) async throws {
        try await withServer(Self.quickHeartbeats) { server in
            let subscriber = server.subscriptionClient(endpoint: server.rocketReserverURL, over: .multipart(stack))
            let booker = try await server.signedInClient(email: "multipart-\(stack.rawValue)@example.com")
            let reading = Task { try await firstResults(2, of: subscriber.client.subscribe(subscription: TripsBookedSubscription())) }
            await server.waitForSubscriptions(1)
            // The one after the head, and one on the interval, before any event.
            await server.waitForMultipartHeartbeats(atLeast: 2)
            let booking = try await booker.perform(mutation: BookTripMutation(id: "5"))
            #expect(booking.data?.bookTrips.success == true)
            // More heartbeats, then the second event.
            await server.waitForMultipartHeartbeats(atLeast: server.multipartHeartbeatCount + 2)
            _ = try await booker.perform(mutation: BookTripMutation(id: "6"))

            let results = try await reading.value
            #expect(results.map(\.data?.tripsBooked) == [1, 1])
            #expect(results.allSatisfy { $0.errors == nil })
            let accept = server.recordedRequests(operationName: "TripsBooked").first?.header("Accept")
            #expect(accept?.contains("subscriptionSpec=1.0") == true, "\(String(describing: accept))")

            // Leaving the loop closed the connection: the server stopped the source.
            await server.waitForSubscriptionEvents { $0.contains(Self.firstCompletedByClient) }
            #expect(server.activeSubscriptionCount == 0)
            #expect(server.subscriptionEvents.first == .subscribed(connection: nil, id: "multipart-1", operationName: "TripsBooked", transport: .multipartHTTP))
        }
    }

    @Test(arguments: HTTPStack.all)
    func cancellingTheTaskEndsTheSubscriptionOnTheServer(stack: HTTPStack) async throws {
        try await withServer(Self.quickHeartbeats) { server in
            let subscriber = server.subscriptionClient(endpoint: server.rocketReserverURL, over: .multipart(stack))
            let reading = Task { try await allResults(of: subscriber.client.subscribe(subscription: TripsBookedSubscription())) }
            await server.waitForSubscriptions(1)
            await server.waitForMultipartHeartbeats(atLeast: 2)
            reading.cancel()
            await server.waitForSubscriptionEvents { $0.contains(Self.firstCompletedByClient) }
            #expect(server.activeSubscriptionCount == 0)
            _ = await reading.result
        }
    }

    @Test(arguments: HTTPStack.all)
    func aFailingSourceGivesAResultWithErrorsAndTheStreamEnds(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.multipartSubscriptionSourceFails(afterEvents: 1, message: "The trips feed broke."))
            let subscriber = server.subscriptionClient(endpoint: server.rocketReserverURL, over: .multipart(stack))
            let booker = try await server.signedInClient(email: "failing-\(stack.rawValue)@example.com")
            let reading = Task { try await allResults(of: subscriber.client.subscribe(subscription: TripsBookedSubscription())) }
            await server.waitForSubscriptions(1)
            _ = try await booker.perform(mutation: BookTripMutation(id: "7"))

            let results = try await reading.value
            try #require(results.count == 2)
            #expect(results[0].data?.tripsBooked == 1)
            #expect(results[1].data == nil)
            #expect(results[1].errors?.map(\.message) == ["The trips feed broke."])
            await server.waitForSubscriptionEvents { $0.contains(.completedByServer(connection: nil, id: "multipart-1")) }
            #expect(server.subscriptionsStarted == 1, "a subscription the server ended is not opened again")
        }
    }

    @Test(arguments: HTTPStack.all)
    func aSubscriptionThatCannotStartGivesTheServersErrors(stack: HTTPStack) async throws {
        try await withServer { server in
            let subscriber = server.subscriptionClient(endpoint: server.liveURL, over: .multipart(stack))
            // `tripsBooked` is no field of the live schema: validation fails.
            let results = try await allResults(of: subscriber.client.subscribe(subscription: TripsBookedSubscription()))
            try #require(results.count == 1)
            #expect(results[0].data == nil)
            #expect(results[0].errors?.first?.message.contains("tripsBooked") == true)
            #expect(server.subscriptionsStarted == 0)
        }
    }

    @Test(arguments: HTTPStack.all)
    func aDroppedConnectionIsOpenedAgain(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.multipartSubscriptionDropsAfterFirstEvent)
            let sleeper = RecordingSleeper()
            let configuration = GraphQLWebSocketTransport.Configuration.forTests(maximumAttempts: 5, sleeper: sleeper)
            let subscriber = server.subscriptionClient(endpoint: server.rocketReserverURL, over: .multipart(stack), webSocket: configuration)
            let booker = try await server.signedInClient(email: "dropped-\(stack.rawValue)@example.com")
            let reading = Task { try await firstResults(2, of: subscriber.client.subscribe(subscription: TripsBookedSubscription())) }
            await server.waitForSubscriptions(1)
            _ = try await booker.perform(mutation: BookTripMutation(id: "8"))
            // The first connection ended after that event, without the close delimiter: the
            // client subscribes again.
            await server.waitForSubscriptions(2)
            _ = try await booker.perform(mutation: BookTripMutation(id: "9"))

            let results = try await reading.value
            #expect(results.map(\.data?.tripsBooked) == [1, 1])
            #expect(sleeper.requestedDelays.count == 1, "one backoff before the second connection: \(sleeper.requestedDelays)")
            #expect(server.pendingFaultCount == 0)
        }
    }
}
