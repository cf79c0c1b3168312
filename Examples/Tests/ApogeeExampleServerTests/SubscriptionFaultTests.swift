@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// Each WebSocket fault, observed by a raw graphql-transport-ws client.
@Suite(.timeLimit(.minutes(10))) struct SubscriptionFaultTests {
    /// An acknowledged socket on the live endpoint with a running `counterChanged` subscription "s".
    private func subscribedSocket(_ server: ExampleServer) async throws -> TestWebSocket {
        try await server.subscribedSocket(server.liveURL, id: "s", query: #"subscription { counterChanged(id: "f") { value } }"#)
    }

    @Test(arguments: [(UInt16(4500), "Internal error"), (1011, ""), (4400, "bad")])
    func closeWebSocketsSendsTheCode(code: UInt16, reason: String) async throws {
        try await withServer { server in
            let first = try await subscribedSocket(server)
            let second = try await TestWebSocket.openAcknowledged(server.todoURL)
            await server.closeWebSockets(code: code, reason: reason)
            for socket in [first, second] {
                let closure = try await socket.closure()
                #expect(closure.code == code)
                #expect((closure.reason ?? "") == reason)
            }
            await server.waitFor(.socketClosed(connection: 1, code: code))
            await server.waitFor(.socketClosed(connection: 2, code: code))
            #expect(server.activeSubscriptionCount == 0)
        }
    }

    @Test func dropEndsTheConnectionWithoutACloseFrame() async throws {
        try await withServer { server in
            let socket = try await subscribedSocket(server)
            await server.dropWebSocketConnections()
            let closure = try await socket.closure()
            #expect(closure.code == nil, "an abnormal closure (1006) has no close frame")
            await server.waitFor(.socketClosed(connection: 1, code: nil))
            #expect(server.activeSubscriptionCount == 0)
            #expect(!server.subscriptionEvents.contains(.completedByClient(connection: 1, id: "s")))
        }
    }

    @Test func pingsGoUnansweredWhileTurnedOff() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.liveURL)
            server.setAnswersPings(false)
            try await socket.send(["type": "ping"])
            await server.waitFor(.pingReceived(connection: 1))
            // The next message is the answer to a later request, not a pong.
            try await socket.subscribe(id: "q", query: #"{ counter(id: "p") { value } }"#)
            #expect(try await socket.receive()[path: "type"] == "next")

            server.setAnswersPings(true)
            #expect(try await socket.receive() == ["id": "q", "type": "complete"])
            try await socket.send(["type": "ping"])
            #expect(try await socket.receive() == ["type": "pong"])
            try await socket.close()
        }
    }

    @Test func pingsGoUnansweredOnSocketsOpenedLater() async throws {
        // connection_init comes late on purpose, so a loaded machine must not time it out.
        try await withServer(.init(connectionInitTimeout: .seconds(60))) { server in
            server.setAnswersPings(false)
            let socket = try await TestWebSocket.open(server.liveURL)
            try await socket.send(["type": "ping"])
            await server.waitFor(.pingReceived(connection: 1))
            try await socket.initialise()
            #expect(try await socket.receive() == ["type": "connection_ack"])
            try await socket.close()
        }
    }

    @Test func malformedFrameReachesEveryOpenSocket() async throws {
        try await withServer { server in
            let first = try await subscribedSocket(server)
            let second = try await TestWebSocket.openAcknowledged(server.liveURL)
            await server.sendMalformedFrame()
            #expect(try await first.receiveText() == "not json")
            #expect(try await second.receiveText() == "not json")
            await server.sendMalformedFrame("{\"type\":")
            #expect(try await first.receiveText() == "{\"type\":")
            try await first.close()
            try await second.close()
        }
    }

    @Test func rawMessagesAreSentAsTheyAre() async throws {
        try await withServer { server in
            let socket = try await subscribedSocket(server)
            let message = #"{"id":"never-used","type":"next","payload":{"data":{"counterChanged":{"value":7}}}}"#
            await server.sendRawMessage(message)
            #expect(try await socket.receiveText() == message)
            await server.sendRawMessage(#"{"type":"surprise"}"#)
            #expect(try await socket.receive() == ["type": "surprise"])
            // The real subscription is unaffected.
            await server.incrementCounter("f")
            let next = try await socket.receive()
            #expect(next[path: "id"] == "s")
            #expect(next[path: "payload", "data", "counterChanged", "value"] == 1)
            try await socket.close()
        }
    }
}
