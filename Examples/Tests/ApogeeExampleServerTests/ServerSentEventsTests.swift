@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// GraphQL over Server-Sent Events (graphql-sse, distinct connections mode), with URLSession.
@Suite(.timeLimit(.minutes(10))) struct ServerSentEventsTests {
    static let accept = "text/event-stream"

    @Test func countdownStreamsEachValueThenCompletes() async throws {
        try await withServer { server in
            let response = try await HTTPClient().post(
                server.liveURL,
                query: "subscription Countdown { countdown(from: 3) }",
                operationName: "Countdown",
                accept: Self.accept
            )
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("text/event-stream") == true)
            #expect(response.text.hasSuffix("event: complete\ndata:\n\n"))
            let events = ServerSentEvent.parse(response.text)
            #expect(events.map(\.name) == ["next", "next", "next", "complete"])
            #expect(try events.prefix(3).map { try $0.json[path: "data", "countdown"] } == [3, 2, 1])
            #expect(events.last?.data == "")

            await server.waitFor(.completedByServer(connection: nil, id: "sse-1"))
            #expect(server.subscriptionEvents == [
                .subscribed(connection: nil, id: "sse-1", operationName: "Countdown", transport: .serverSentEvents),
                .completedByServer(connection: nil, id: "sse-1"),
            ])
            #expect(server.activeSubscriptionCount == 0)
        }
    }

    @Test func getWithQueryParametersStreamsToo() async throws {
        try await withServer { server in
            let response = try await HTTPClient().get(server.liveURL, parameters: ["query": "subscription { countdown(from: 2) }"], accept: Self.accept)
            #expect(response.status == 200)
            let events = ServerSentEvent.parse(response.text)
            #expect(events.map(\.name) == ["next", "next", "complete"])
        }
    }

    @Test func queriesAndMutationsSendOneNextThenComplete() async throws {
        try await withServer { server in
            let mutation = try await HTTPClient().post(server.liveURL, query: #"mutation { increment(id: "s") { value } }"#, accept: Self.accept)
            let mutationEvents = ServerSentEvent.parse(mutation.text)
            #expect(mutationEvents.map(\.name) == ["next", "complete"])
            #expect(try mutationEvents.first?.json[path: "data", "increment", "value"] == 1)

            let query = try await HTTPClient().post(server.liveURL, query: #"{ counter(id: "s") { value } }"#, accept: Self.accept)
            #expect(query.header("Content-Type")?.hasPrefix("text/event-stream") == true)
            #expect(try ServerSentEvent.parse(query.text).first?.json[path: "data", "counter", "value"] == 1)
        }
    }

    @Test func operationsThatCannotStartGet400WithErrors() async throws {
        try await withServer { server in
            let response = try await HTTPClient().post(server.liveURL, query: "subscription { nope }", accept: Self.accept)
            #expect(response.status == 400)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(try response.json[path: "errors", 0, "message"]?.stringValue?.isEmpty == false)
            #expect(server.subscriptionEvents.isEmpty)
        }
    }

    @Test func subscriptionsWithoutEventStreamAcceptAreRefused() async throws {
        try await withServer { server in
            let response = try await HTTPClient().post(server.liveURL, query: "subscription { countdown(from: 1) }")
            #expect(response.status == 400)
            #expect(try response.json[path: "errors", 0, "message"]?.stringValue?.contains("text/event-stream") == true)
        }
    }

    @Test func authorizationHeaderReachesTheOperation() async throws {
        try await withServer { server in
            let token = try await logIn(server, email: "sse@example.com")
            let response = try await HTTPClient().post(
                server.rocketReserverURL,
                query: "{ me { email } }",
                headers: ["Authorization": token],
                accept: Self.accept
            )
            #expect(try ServerSentEvent.parse(response.text).first?.json[path: "data", "me", "email"] == "sse@example.com")
        }
    }

    @Test func eventsArriveAsTheyHappen() async throws {
        try await withServer { server in
            let stream = EventStreamRequest.start(server.liveURL, query: #"subscription { counterChanged(id: "live") { value } }"#)
            defer { stream.cancel() }
            await server.waitForSubscription(id: "sse-1")
            for value in 1...3 {
                await server.incrementCounter("live")
                let event = try #require(await stream.next())
                #expect(event.name == "next")
                #expect(try event.json[path: "data", "counterChanged", "value"] == .int(value))
            }
            #expect(stream.status == 200)
        }
    }

    @Test func clientDisconnectStopsTheSourceAndIsRecorded() async throws {
        try await withServer { server in
            let stream = EventStreamRequest.start(server.liveURL, query: #"subscription { counterChanged(id: "gone") { value } }"#)
            await server.waitForSubscription(id: "sse-1")
            #expect(server.activeSubscriptionCount == 1)
            await server.incrementCounter("gone")
            #expect(await stream.next()?.name == "next")

            stream.cancel()
            await server.waitFor(.completedByClient(connection: nil, id: "sse-1"))
            #expect(server.activeSubscriptionCount == 0)
            #expect(!server.subscriptionEvents.contains(.completedByServer(connection: nil, id: "sse-1")))
        }
    }

    @Test func clientDisconnectBeforeAnyEventIsNoticed() async throws {
        try await withServer { server in
            let stream = EventStreamRequest.start(server.liveURL, query: #"subscription { counterChanged(id: "idle") { value } }"#)
            await server.waitForSubscription(id: "sse-1")
            stream.cancel()
            await server.waitFor(.completedByClient(connection: nil, id: "sse-1"))
            #expect(server.activeSubscriptionCount == 0)
        }
    }

    /// A server going away closes its streams without `complete`, so that clients take it as
    /// a lost connection and subscribe again once it is back.
    @Test func shutdownEndsOpenStreamsWithoutCompleting() async throws {
        let server = try await ExampleServer.start()
        let stream = EventStreamRequest.start(server.liveURL, query: #"subscription { counterChanged(id: "end") { value } }"#)
        await server.waitForSubscription(id: "sse-1")
        await server.shutdown()
        #expect(await stream.next()?.name == nil)
        #expect(!server.subscriptionEvents.contains(.completedByServer(connection: nil, id: "sse-1")))
        #expect(server.activeSubscriptionCount == 0)
    }

    /// A client that resets its connection as soon as its request is out leaves a stream the
    /// server started but never wrote a byte of: the response body never runs. Shutdown used to
    /// wait for that body forever, and a test ending its server hung with no thread busy.
    @Test func shutdownEndsWhenAClientResetsBeforeTheResponse() async throws {
        let stopped = try await withServer { server in
            let body = #"{"query":"subscription { countdown(from: 1000) }"}"#
            let request = [
                "POST /live/graphql HTTP/1.1",
                "Host: 127.0.0.1:\(server.port)",
                "Content-Type: application/json",
                "Accept: text/event-stream",
                "Content-Length: \(body.utf8.count)",
                "", body,
            ].joined(separator: "\r\n")
            try await RawHTTPExchange.sendThenReset(port: server.port, request: request)
            await server.waitForSubscription(id: "sse-1")
            return server
        }
        // Getting here means withServer's shutdown returned; before the fix it never did.
        #expect(stopped.subscriptionEvents.first == .subscribed(connection: nil, id: "sse-1", operationName: nil, transport: .serverSentEvents))
    }
}
