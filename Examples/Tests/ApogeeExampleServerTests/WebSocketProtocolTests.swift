@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// graphql-transport-ws on the example server, seen by a raw WebSocket client: the upgrade,
/// the handshake, operations multiplexed by id, ping/pong, and the event log.
@Suite(.timeLimit(.minutes(10))) struct WebSocketProtocolTests {
    @Test(arguments: ["/graphql", "/todo/graphql", "/uploads/graphql", "/live/graphql"])
    func upgradeAnswersWithTheSubprotocol(path: String) async throws {
        try await withServer { server in
            let head = try await RawHTTPExchange.responseHead(
                port: server.port,
                request: RawHTTPExchange.upgradeRequest(path: path, port: server.port, subprotocol: "graphql-ws, graphql-transport-ws")
            )
            #expect(head.hasPrefix("HTTP/1.1 101"), "\(head)")
            #expect(head.lowercased().contains("sec-websocket-protocol: graphql-transport-ws"), "\(head)")
        }
    }

    @Test func upgradeWithoutTheSubprotocolIsRefused() async throws {
        try await withServer { server in
            let head = try await RawHTTPExchange.responseHead(
                port: server.port,
                request: RawHTTPExchange.upgradeRequest(path: "/live/graphql", port: server.port, subprotocol: nil)
            )
            #expect(!head.hasPrefix("HTTP/1.1 101"), "\(head)")
            #expect(head.hasPrefix("HTTP/1.1 4"), "\(head)")
            await #expect(throws: TestWebSocket.Failure.self) {
                try await TestWebSocket.open(server.liveURL, subprotocol: nil)
            }
            await #expect(throws: TestWebSocket.Failure.self) {
                try await TestWebSocket.open(server.liveURL, subprotocol: "graphql-ws")
            }
            #expect(server.subscriptionEvents.isEmpty)
        }
    }

    @Test func upgradeOnAPathWithoutEndpointIsRefused() async throws {
        try await withServer { server in
            await #expect(throws: TestWebSocket.Failure.self) {
                try await TestWebSocket.open(server.baseURL.appendingPathComponent("nowhere"))
            }
            #expect(server.subscriptionEvents.isEmpty)
        }
    }

    @Test func plainGETStillServesGraphQL() async throws {
        try await withServer { server in
            let response = try await HTTPClient().get(server.liveURL, parameters: ["query": #"{ counter(id: "a") { value } }"#])
            #expect(response.status == 200)
            #expect(try response.json[path: "data", "counter", "value"] == 0)
        }
    }

    @Test func connectionInitIsAcknowledgedAndRecorded() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.liveURL)
            try await socket.close()
            await server.waitFor(.socketClosed(connection: 1, code: nil))
            #expect(server.subscriptionEvents == [
                .socketOpened(connection: 1),
                .connectionAcknowledged(connection: 1),
                .socketClosed(connection: 1, code: nil),
            ])
        }
    }

    @Test func countdownSendsEachValueThenCompletes() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.liveURL)
            try await socket.subscribe(id: "1", query: "subscription Countdown { countdown(from: 3) }", operationName: "Countdown")
            let messages = try await socket.receiveUntilEnd(of: "1")
            #expect(messages.map { $0[path: "type"] } == ["next", "next", "next", "complete"])
            #expect(messages.prefix(3).map { $0[path: "payload", "data", "countdown"] } == [3, 2, 1])
            await server.waitFor(.completedByServer(connection: 1, id: "1"))
            #expect(server.subscriptionEvents.contains(.subscribed(connection: 1, id: "1", operationName: "Countdown", transport: .webSocket)))
            #expect(server.activeSubscriptionCount == 0)
            try await socket.close()
        }
    }

    /// The wait for a count of running subscriptions returns on each start and stop; its
    /// condition reads the count under the record's lock, so it cannot deadlock on it.
    @Test(.timeLimit(.minutes(10))) func waitingForTheRunningCountSeesEachStartAndStop() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.liveURL)
            await server.waitForActiveSubscriptions(0)
            try await socket.subscribe(id: "a", query: "subscription { counterChanged(id: \"plums\") { id value } }")
            await server.waitForActiveSubscriptions(1)
            #expect(server.activeSubscriptionCount == 1)
            try await socket.complete(id: "a")
            await server.waitForActiveSubscriptions(0)
            #expect(server.activeSubscriptionCount == 0)
            try await socket.close()
        }
    }

    /// Without the record of events (as a long benchmark runs it), the counts still hold.
    @Test(.timeLimit(.minutes(10))) func theCountsHoldWithoutTheRecordOfEvents() async throws {
        var configuration = ExampleServer.Configuration()
        configuration.recordsSubscriptionEvents = false
        try await withServer(configuration) { server in
            let socket = try await TestWebSocket.openAcknowledged(server.liveURL)
            try await socket.subscribe(id: "a", query: "subscription { counterChanged(id: \"figs\") { id value } }")
            await server.waitForActiveSubscriptions(1)
            #expect(server.openedSocketCount == 1)
            #expect(server.subscriptionEvents.isEmpty)
            try await socket.complete(id: "a")
            await server.waitForActiveSubscriptions(0)
            try await socket.close()
        }
    }

    @Test func twoSubscriptionsShareOneSocket() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.liveURL)
            let query = "subscription($id: ID!) { counterChanged(id: $id) { id value } }"
            try await socket.subscribe(id: "a", query: query, variables: ["id": "apples"])
            try await socket.subscribe(id: "b", query: query, variables: ["id": "pears"])
            await server.waitForSubscription(id: "a")
            await server.waitForSubscription(id: "b")
            #expect(server.activeSubscriptionCount == 2)

            await server.incrementCounter("pears", by: 5)
            await server.incrementCounter("apples")
            var received: [String: JSONValue] = [:]
            for _ in 0..<2 {
                let message = try await socket.receive()
                #expect(message[path: "type"] == "next")
                received[message[path: "id"]?.stringValue ?? "?"] = message[path: "payload", "data", "counterChanged"]
            }
            #expect(received["a"] == .object(["id": "apples", "value": 1]))
            #expect(received["b"] == .object(["id": "pears", "value": 5]))

            try await socket.complete(id: "a")
            try await socket.complete(id: "b")
            await server.waitFor(.completedByClient(connection: 1, id: "a"))
            await server.waitFor(.completedByClient(connection: 1, id: "b"))
            #expect(server.activeSubscriptionCount == 0)
            try await socket.close()
        }
    }

    @Test func tripsBookedReportsEachBookingMadeOverHTTP() async throws {
        try await withServer { server in
            let token = try await logIn(server)
            let socket = try await server.subscribedSocket(server.rocketReserverURL, id: "trips", query: "subscription TripsBooked { tripsBooked }", operationName: "TripsBooked")

            for launches in [["1", "2"], ["3"]] {
                let booking = try await graphQL(
                    server.rocketReserverURL,
                    "mutation Book($ids: [ID]!) { bookTrips(launchIds: $ids) { success } }",
                    variables: ["ids": .array(launches.map(JSONValue.string))],
                    headers: ["Authorization": token]
                )
                #expect(booking[path: "data", "bookTrips", "success"] == true)
                let next = try await socket.receive()
                #expect(next[path: "id"] == "trips")
                #expect(next[path: "payload", "data", "tripsBooked"] == .int(launches.count))
            }
            try await socket.close()
        }
    }

    @Test func queriesAndMutationsAnswerOnceThenComplete() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.liveURL)
            try await socket.subscribe(id: "m", query: #"mutation { increment(id: "c", by: 2) { value } }"#)
            let mutation = try await socket.receiveUntilEnd(of: "m")
            #expect(mutation.map { $0[path: "type"] } == ["next", "complete"])
            #expect(mutation.first?[path: "payload", "data", "increment", "value"] == 2)

            try await socket.subscribe(id: "q", query: #"{ counter(id: "c") { value } }"#)
            let query = try await socket.receiveUntilEnd(of: "q")
            #expect(query.map { $0[path: "type"] } == ["next", "complete"])
            #expect(query.first?[path: "payload", "data", "counter", "value"] == 2)
            await server.waitFor(.completedByServer(connection: 1, id: "q"))
            try await socket.close()
        }
    }

    @Test(arguments: [
        "subscription { nope }",
        "subscription { countdown(from: ",
        "subscription A { countdown(from: 1) } subscription A { countdown(from: 2) }",
        "subscription($from: Int!) { countdown(from: $from) }",
    ])
    func operationsThatCannotStartGetAnErrorMessage(query: String) async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.liveURL)
            try await socket.subscribe(id: "bad", query: query)
            let message = try await socket.receive()
            #expect(message[path: "type"] == "error")
            #expect(message[path: "id"] == "bad")
            let errors = try #require(message[path: "payload"]?.arrayValue)
            #expect(!errors.isEmpty)
            #expect(errors.allSatisfy { $0[path: "message"]?.stringValue?.isEmpty == false })
            // The socket stays usable, and the id is free again.
            try await socket.subscribe(id: "bad", query: "subscription { countdown(from: 1) }")
            let retry = try await socket.receiveUntilEnd(of: "bad")
            #expect(retry.map { $0[path: "type"] } == ["next", "complete"])
            try await socket.close()
        }
    }

    @Test func fieldErrorsGoInTheNextPayload() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.rocketReserverURL)
            // A field error (pageSize must be at least 1) is part of a result, not a failure to start.
            try await socket.subscribe(id: "q", query: #"{ launches(pageSize: 0) { cursor } }"#)
            let messages = try await socket.receiveUntilEnd(of: "q")
            #expect(messages.map { $0[path: "type"] } == ["next", "complete"])
            #expect(messages.first?[path: "payload", "errors", 0, "message"]?.stringValue?.isEmpty == false)
            try await socket.close()
        }
    }

    @Test func pingIsAnsweredWithPongEchoingThePayload() async throws {
        // connection_init comes late on purpose, so a loaded machine must not time it out.
        try await withServer(.init(connectionInitTimeout: .seconds(60))) { server in
            let socket = try await TestWebSocket.open(server.liveURL)
            // Pings are answered before connection_init too.
            try await socket.send(["type": "ping", "payload": ["sent": 1]])
            let pong = try await socket.receive()
            #expect(pong == ["type": "pong", "payload": ["sent": 1]])
            try await socket.initialiseAndExpectAck()
            try await socket.send(["type": "ping"])
            #expect(try await socket.receive() == ["type": "pong"])
            await server.waitForSubscriptionEvents { events in events.filter { $0 == .pingReceived(connection: 1) }.count == 2 }
            try await socket.close()
        }
    }

    @Test func serverPingsWhenConfiguredAndRecordsPongs() async throws {
        try await withServer(.init(webSocketPingInterval: .milliseconds(20))) { server in
            let socket = try await TestWebSocket.openAcknowledged(server.liveURL)
            #expect(try await socket.receive() == ["type": "ping"])
            try await socket.send(["type": "pong"])
            await server.waitFor(.pongReceived(connection: 1))
            try await socket.close()
        }
    }

    @Test func clientCompleteStopsTheSource() async throws {
        try await withServer { server in
            let socket = try await server.subscribedSocket(server.liveURL, id: "s", query: #"subscription { counterChanged(id: "x") { value } }"#)
            #expect(server.activeSubscriptionCount == 1)

            try await socket.complete(id: "s")
            await server.waitFor(.completedByClient(connection: 1, id: "s"))
            #expect(server.activeSubscriptionCount == 0)

            // A change now reaches nobody: the next message after it is the pong of a later ping.
            await server.incrementCounter("x")
            try await socket.send(["type": "ping"])
            #expect(try await socket.receive() == ["type": "pong"])
            #expect(!server.subscriptionEvents.contains(.completedByServer(connection: 1, id: "s")))
            try await socket.close()
        }
    }

    @Test func aLongStreamStoppedEarlyStopsProducing() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.liveURL)
            try await socket.subscribe(id: "t", query: #"subscription { counterTicks(id: "t", count: 1000000) { value } }"#)
            let first = try await socket.receive()
            #expect(first[path: "payload", "data", "counterTicks", "value"] == 1)
            try await socket.complete(id: "t")
            await server.waitFor(.completedByClient(connection: 1, id: "t"))
            #expect(server.activeSubscriptionCount == 0)
            // The source stopped long before the end: the counter holds the last tick made.
            let counter = try await graphQL(server.liveURL, #"{ counter(id: "t") { value } }"#)
            let value = try #require(counter[path: "data", "counter", "value"]?.intValue)
            #expect(value >= 1 && value < 1_000_000)
            try await socket.close()
        }
    }

    @Test func socketCloseStopsItsSubscriptions() async throws {
        try await withServer { server in
            let socket = try await server.subscribedSocket(server.liveURL, id: "s", query: #"subscription { counterChanged(id: "y") { value } }"#)
            try await socket.close()
            await server.waitFor(.socketClosed(connection: 1, code: nil))
            #expect(server.activeSubscriptionCount == 0)
        }
    }

    @Test func shutdownClosesOpenSocketsWithGoingAway() async throws {
        let server = try await ExampleServer.start()
        let socket = try await server.subscribedSocket(server.liveURL, id: "s", query: #"subscription { counterChanged(id: "z") { value } }"#)
        await server.shutdown()
        let closure = try await socket.closure()
        #expect(closure.code == 1001)
        #expect(server.subscriptionEvents.last == .socketClosed(connection: 1, code: 1001))
        #expect(server.activeSubscriptionCount == 0)
    }
}
