@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// The graphql-transport-ws handshake: tokens in `connection_init`, and the close codes of a
/// handshake gone wrong.
@Suite(.timeLimit(.minutes(10))) struct WebSocketAuthenticationTests {
    @Test(arguments: ["Authorization", "authorization"])
    func aValidTokenAuthenticatesTheOperations(key: String) async throws {
        try await withServer { server in
            let token = try await logIn(server, email: "socket@example.com")
            let socket = try await TestWebSocket.openAcknowledged(server.rocketReserverURL, payload: [key: .string(token)])
            try await socket.subscribe(id: "me", query: "{ me { email } }")
            let next = try await socket.receive()
            #expect(next[path: "payload", "data", "me", "email"] == "socket@example.com")
            try await socket.close()
        }
    }

    @Test func withoutATokenTheSocketIsAnonymous() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.rocketReserverURL)
            try await socket.subscribe(id: "me", query: "{ me { email } }")
            let next = try await socket.receive()
            #expect(next[path: "payload", "data", "me"] == .null)
            try await socket.close()
        }
    }

    @Test(arguments: [JSONValue.string("not-a-token"), .string("Bearer forged.token"), .int(42)])
    func anInvalidTokenIsForbidden(value: JSONValue) async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.open(server.liveURL)
            try await socket.initialise(payload: ["Authorization": value])
            #expect(try await socket.closure().code == 4403)
            await server.waitFor(.socketClosed(connection: 1, code: 4403))
            #expect(!server.subscriptionEvents.contains(.connectionAcknowledged(connection: 1)))
        }
    }

    @Test func aMissingTokenIsUnauthorizedWhenRequired() async throws {
        try await withServer(.init(requiresWebSocketAuthentication: true)) { server in
            let socket = try await TestWebSocket.open(server.liveURL)
            try await socket.initialise()
            #expect(try await socket.closure().code == 4401)

            let token = try await logIn(server)
            let authenticated = try await TestWebSocket.openAcknowledged(server.liveURL, payload: ["Authorization": .string(token)])
            try await authenticated.close()
        }
    }

    @Test func subscribeBeforeAcknowledgementIsUnauthorized() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.open(server.liveURL)
            try await socket.subscribe(id: "1", query: "subscription { countdown(from: 1) }")
            #expect(try await socket.closure().code == 4401)
        }
    }

    @Test func noConnectionInitInTimeClosesWith4408() async throws {
        try await withServer(.init(connectionInitTimeout: .milliseconds(100))) { server in
            let socket = try await TestWebSocket.open(server.liveURL)
            let closure = try await socket.closure()
            #expect(closure.code == 4408)
            // The server records the close once its side of the socket has ended too.
            await server.waitFor(.socketClosed(connection: 1, code: 4408))
            #expect(server.subscriptionEvents == [.socketOpened(connection: 1), .socketClosed(connection: 1, code: 4408)])
        }
    }

    @Test func aSecondConnectionInitClosesWith4429() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.liveURL)
            try await socket.initialise()
            #expect(try await socket.closure().code == 4429)
        }
    }

    @Test func aRunningIDUsedAgainClosesWith4409() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.liveURL)
            let query = #"subscription { counterChanged(id: "d") { value } }"#
            try await socket.subscribe(id: "same", query: query)
            try await socket.subscribe(id: "same", query: query)
            #expect(try await socket.closure().code == 4409)
            await server.waitFor(.socketClosed(connection: 1, code: 4409))
            #expect(server.activeSubscriptionCount == 0)
        }
    }

    @Test(arguments: [
        "not json",
        #"{"payload": {}}"#,
        #"{"type": "subscribe", "id": "1"}"#,
        #"{"type": "subscribe", "payload": {"query": "{ counter(id: 1) { value } }"}}"#,
        #"{"type": "launch_rockets"}"#,
        #"{"type": "connection_init", "payload": "token"}"#,
    ])
    func invalidMessagesCloseWith4400(text: String) async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.open(server.liveURL)
            if !text.contains("connection_init") {
                try await socket.initialiseAndExpectAck()
            }
            try await socket.send(text: text)
            #expect(try await socket.closure().code == 4400)
        }
    }
}
