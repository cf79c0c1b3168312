@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// Apollo's multipart subscriptions (`subscriptionSpec=1.0`), read from the raw bytes.
@Suite(.timeLimit(.minutes(10))) struct MultipartSubscriptionTests {
    /// A server whose heartbeats come every 50 ms.
    static var quickHeartbeats: ExampleServer.Configuration {
        var configuration = ExampleServer.Configuration()
        configuration.multipartHeartbeatInterval = .milliseconds(50)
        return configuration
    }

    /// Posts `query` to `path` asking for a multipart subscription, and reads until the body
    /// ends or `stop` says the parts so far are enough.
    static func post(
        _ server: ExampleServer,
        path: String = "/live/graphql",
        _ query: String,
        accept: String = MultipartSubscriptionParts.accept,
        headers: [String: String] = [:],
        stop: @escaping @Sendable (MultipartSubscriptionParts) -> Bool = { _ in false }
    ) async throws -> (MultipartExchange, MultipartSubscriptionParts) {
        let response = try await MultipartExchange.post(
            port: server.port, path: path, query: query, accept: accept, headers: headers, stop: { stop(MultipartSubscriptionParts($0)) })
        return (response, MultipartSubscriptionParts(response.text))
    }

    @Test(arguments: [
        #"multipart/mixed;subscriptionSpec="1.0", application/json"#,
        "multipart/mixed; subscriptionSpec=1.0",
        "text/event-stream;q=0.5, multipart/mixed;subscriptionSpec=1.0",
    ])
    func eachEventIsAPartThenTheCloseDelimiter(accept: String) async throws {
        try await withServer { server in
            let (response, parts) = try await Self.post(server, "subscription Countdown { countdown(from: 3) }", accept: accept)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == MultipartSubscriptionParts.contentType)
            #expect(response.text.hasPrefix("\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{}"))
            #expect(response.text.hasSuffix("}" + MultipartSubscriptionParts.closeDelimiter))
            #expect(response.endedCleanly)
            #expect(parts.closed && parts.malformed.isEmpty, "\(parts.malformed)")
            #expect(parts.messages == [
                ["payload": ["data": ["countdown": 3]]],
                ["payload": ["data": ["countdown": 2]]],
                ["payload": ["data": ["countdown": 1]]],
            ])
            await server.waitFor(.completedByServer(connection: nil, id: "multipart-1"))
            #expect(server.subscriptionEvents == [
                .subscribed(connection: nil, id: "multipart-1", operationName: nil, transport: .multipartHTTP),
                .completedByServer(connection: nil, id: "multipart-1"),
            ])
            #expect(server.activeSubscriptionCount == 0)
        }
    }

    @Test func eventStreamListedFirstStillGetsServerSentEvents() async throws {
        try await withServer { server in
            let response = try await HTTPClient().post(
                server.liveURL, query: "subscription { countdown(from: 1) }", accept: "text/event-stream, multipart/mixed;subscriptionSpec=1.0")
            #expect(response.header("Content-Type")?.hasPrefix("text/event-stream") == true)
            #expect(server.serverSentEventsIDs == ["sse-1"])
        }
    }

    @Test func aSubscriptionThatCannotStartGetsAGraphQLErrorResponse() async throws {
        try await withServer { server in
            let (response, _) = try await Self.post(server, "subscription { nope }")
            #expect(response.status == 400)
            #expect(response.header("Content-Type")?.hasPrefix("application/graphql-response+json") == true)
            let json = try JSONValue(parsing: response.text)
            #expect(json[path: "errors", 0, "message"]?.stringValue?.isEmpty == false)
            #expect(json[path: "data"] == nil)
            #expect(server.subscriptionEvents.isEmpty)
        }
    }

    @Test func queriesAreAnsweredAsUsual() async throws {
        try await withServer { server in
            let (response, _) = try await Self.post(server, #"{ counter(id: "q") { value } }"#)
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("application/graphql-response+json") == true)
            #expect(try JSONValue(parsing: response.text)[path: "data", "counter", "value"] == 0)
        }
    }

    @Test func heartbeatsComeBetweenEventsAndLeavingStopsTheSource() async throws {
        try await withServer(Self.quickHeartbeats) { server in
            let reading = Task {
                try await Self.post(server, #"subscription { counterChanged(id: "h") { value } }"#) { parts in
                    parts.messages.count == 1 && parts.heartbeats >= 4
                }
            }
            await server.waitForSubscription(id: "multipart-1")
            // The first right after the head, then at least two on the interval.
            await server.waitForMultipartHeartbeats(atLeast: 3)
            await server.incrementCounter("h")
            let (response, parts) = try await reading.value
            #expect(response.status == 200)
            #expect(parts.malformed.isEmpty)
            #expect(parts.heartbeats >= 4)
            let event = try #require(parts.parts.firstIndex { $0 != [:] })
            #expect(event >= 3, "three heartbeats before the event")
            #expect(parts.messages == [["payload": ["data": ["counterChanged": ["value": 1]]]]])
            #expect(!parts.closed)

            // The client closed the connection: the source stops and the end is recorded.
            await server.waitFor(.completedByClient(connection: nil, id: "multipart-1"))
            #expect(server.activeSubscriptionCount == 0)
            #expect(!server.subscriptionEvents.contains(.completedByServer(connection: nil, id: "multipart-1")))
        }
    }

    @Test func tripsBookedArriveOnTheRocketReserverEndpoint() async throws {
        try await withServer { server in
            let token = try await logIn(server, email: "multipart@example.com")
            let reading = Task {
                try await Self.post(server, path: "/graphql", "subscription { tripsBooked }") { $0.messages.count == 2 }
            }
            await server.waitForSubscription(id: "multipart-1")
            for ids in [["1"], ["2", "3"]] {
                let booking = try await graphQL(
                    server.rocketReserverURL,
                    "mutation Book($ids: [ID]!) { bookTrips(launchIds: $ids) { success } }",
                    variables: ["ids": .array(ids.map { .string($0) })],
                    headers: ["Authorization": token]
                )
                #expect(booking[path: "data", "bookTrips", "success"] == true)
            }
            let (_, parts) = try await reading.value
            #expect(parts.messages == [["payload": ["data": ["tripsBooked": 1]]], ["payload": ["data": ["tripsBooked": 2]]]])
        }
    }

    @Test(arguments: [0, 1])
    func aSourceThatFailsSendsItsErrorsThenCloses(afterEvents: Int) async throws {
        try await withServer { server in
            server.enqueueFault(.multipartSubscriptionSourceFails(afterEvents: afterEvents, message: "The source broke."))
            let reading = Task { try await Self.post(server, #"subscription { counterChanged(id: "e") { value } }"#) }
            await server.waitForSubscription(id: "multipart-1")
            if afterEvents > 0 {
                await server.incrementCounter("e")
            }
            let (response, parts) = try await reading.value
            #expect(response.endedCleanly)
            #expect(parts.closed && parts.malformed.isEmpty)
            #expect(parts.messages.count == afterEvents + 1)
            #expect(parts.messages.last == ["payload": .null, "errors": [["message": "The source broke."]]])
            #expect(response.text.hasSuffix(#"{"payload":null,"errors":[{"message":"The source broke."}]}"# + MultipartSubscriptionParts.closeDelimiter))
            await server.waitFor(.completedByServer(connection: nil, id: "multipart-1"))
            #expect(server.activeSubscriptionCount == 0)
            #expect(server.pendingFaultCount == 0)
        }
    }

    @Test func aDroppedConnectionEndsAfterTheFirstEventWithoutTheCloseDelimiter() async throws {
        try await withServer { server in
            server.enqueueFault(.multipartSubscriptionDropsAfterFirstEvent)
            // Other requests pass the fault by.
            _ = try await graphQL(server.liveURL, #"{ counter(id: "d") { value } }"#)
            #expect(server.pendingFaultCount == 1)
            let (response, parts) = try await Self.post(server, "subscription { countdown(from: 3) }")
            #expect(!response.endedCleanly)
            #expect(!parts.closed && parts.malformed.isEmpty)
            #expect(parts.messages == [["payload": ["data": ["countdown": 3]]]])
            await server.waitForActiveSubscriptions(0)
            #expect(server.subscriptionEvents == [
                .subscribed(connection: nil, id: "multipart-1", operationName: nil, transport: .multipartHTTP)
            ])
        }
    }

    @Test func shutdownEndsTheBodyWithoutTheCloseDelimiter() async throws {
        let server = try await ExampleServer.start()
        let reading = Task { try await Self.post(server, #"subscription { counterChanged(id: "s") { value } }"#) }
        await server.waitForSubscription(id: "multipart-1")
        await server.shutdown()
        let (_, parts) = try await reading.value
        #expect(!parts.closed)
        #expect(parts.messages.isEmpty)
        #expect(server.activeSubscriptionCount == 0)
        #expect(!server.subscriptionEvents.contains(.completedByServer(connection: nil, id: "multipart-1")))
    }
}
