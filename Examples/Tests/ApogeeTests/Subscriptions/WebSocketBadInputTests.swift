@testable import Apogee
import ApogeeExampleServer
import Foundation
import LiveFixtures
import RocketReserverAPI
import TestSupport
import Testing

/// A server that breaks graphql-transport-ws gives a typed error, never a crash or a hang,
/// and the next subscription starts afresh.
@Suite struct WebSocketBadInputTests {
    /// The kind of subscription error a broken frame must give.
    enum ExpectedError: Sendable, CustomTestStringConvertible {
        case malformedMessage, unexpectedMessage

        var testDescription: String { self == .malformedMessage ? "malformed" : "unexpected" }
    }

    @Test(arguments: [
        ("not json", ExpectedError.malformedMessage),
        (#"{"type":"next"}"#, .malformedMessage),
        (#"{"id":"1","payload":{}}"#, .malformedMessage),
        (#"{"type":"error","id":"1","payload":"not a list"}"#, .malformedMessage),
        (#"{"type":"data","id":"1","payload":{"data":{}}}"#, .unexpectedMessage),
        (#"{"type":"next","id":"999","payload":{"data":{}}}"#, .unexpectedMessage),
        (#"{"type":"complete","id":"ghost"}"#, .unexpectedMessage),
    ])
    func aBrokenFrameFailsTheSubscription(frame: String, expected: ExpectedError) async throws {
        try await withServer { server in
            let live = server.liveClient(over: .webSocket)
            async let error = failure(of: live.client.subscribe(subscription: CounterChangedSubscription(id: "m")))
            await server.waitForSubscriptions(1)
            await server.sendRawMessage(frame)
            let kind = await error?.subscriptionError
            let wanted: SubscriptionError.Code = expected == .malformedMessage ? .malformedMessage : .unexpectedMessage
            #expect(kind?.code == wanted, "expected a \(expected.testDescription) message, got \(String(describing: kind))")
            try await Self.nextSubscriptionWorks(on: live)
        }
    }

    @Test func theServersMalformedFrameFaultFailsTheSubscription() async throws {
        try await withServer { server in
            let live = server.liveClient(over: .webSocket)
            async let error = failure(of: live.client.subscribe(subscription: CounterChangedSubscription(id: "x")))
            await server.waitForSubscriptions(1)
            await server.sendMalformedFrame()
            #expect(await error?.subscriptionError != nil)
            try await Self.nextSubscriptionWorks(on: live)
        }
    }

    @Test func aResultThatIsNotAGraphQLResponseFailsOnlyItsSubscription() async throws {
        try await withServer { server in
            let live = server.liveClient(over: .webSocket)
            // One after the other, so that the broken one is id 1 on the socket.
            async let broken = failure(of: live.client.subscribe(subscription: CounterChangedSubscription(id: "b1")))
            await server.waitForSubscriptions(1)
            let reading = Task { try await firstResults(1, of: live.client.subscribe(subscription: CounterChangedSubscription(id: "b2"))) }
            await server.waitForSubscriptions(2)
            await server.sendRawMessage(#"{"type":"next","id":"1","payload":{"neither":true}}"#)
            guard await broken?.subscriptionError?.code == .malformedMessage else {
                Issue.record("expected a malformed result, got \(String(describing: await broken))")
                return
            }
            await server.incrementCounter("b2")
            let values = try await reading.value.map(\.data?.counterChanged.value)
            #expect(values == [1])
        }
    }

    @Test func anOperationThatDoesNotValidateIsAResultWithErrors() async throws {
        try await withServer { server in
            // The live schema has no `tripsBooked`: the server answers `error`.
            let webSocket = GraphQLWebSocketTransport(url: server.liveURL.webSocketURL, configuration: .forTests(), stack: .platform)
            let client = ApogeeClient(url: server.liveURL, subscriptionTransport: webSocket)
            let results = try await allResults(of: client.subscribe(subscription: TripsBookedSubscription()))
            #expect(results.count == 1)
            #expect(results.first?.data == nil)
            #expect(results.first?.errors?.isEmpty == false)
        }
    }

    private static func nextSubscriptionWorks(on live: SubscriptionClient) async throws {
        let results = try await allResults(of: live.client.subscribe(subscription: CountdownSubscription(from: 2)))
        #expect(results.map(\.data?.countdown) == [2, 1])
    }
}
