@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// `@defer` and `@stream` over graphql-transport-ws: each payload of the incremental answer a
/// `next` message of its own, then `complete`.
@Suite(.timeLimit(.minutes(10))) struct IncrementalOverWebSocketTests {
    /// The payloads of `id`'s `next` messages, and whether `complete` ended them.
    static func payloads(of messages: [JSONValue]) -> (payloads: [JSONValue], completed: Bool) {
        let payloads = messages.filter { $0[path: "type"] == "next" }.compactMap { $0[path: "payload"] }
        return (payloads, messages.last?[path: "type"] == "complete")
    }

    @Test func aDeferredFragmentComesInASecondNext() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.rocketReserverURL)
            try await socket.subscribe(
                id: "d", query: #"query Deferred { launch(id: "1") { id ... @defer(label: "Mission") { site mission { name } } } }"#, operationName: "Deferred")
            let (payloads, completed) = Self.payloads(of: try await socket.receiveUntilEnd(of: "d"))
            #expect(completed)
            try #require(payloads.count == 2)
            #expect(payloads[0] == [
                "data": ["launch": ["id": "1"]],
                "pending": [["id": "0", "path": ["launch"], "label": "Mission"]],
                "hasNext": true,
            ])
            #expect(payloads[1][path: "incremental", 0, "id"] == "0")
            #expect(payloads[1][path: "incremental", 0, "data", "site"]?.stringValue?.isEmpty == false)
            #expect(payloads[1][path: "incremental", 0, "data", "mission", "name"]?.stringValue?.isEmpty == false)
            #expect(payloads[1][path: "completed"] == [["id": "0"]])
            #expect(payloads[1][path: "hasNext"] == false)
            await server.waitFor(.completedByServer(connection: 1, id: "d"))
            #expect(server.subscriptionEvents.contains(
                .subscribed(connection: 1, id: "d", operationName: "Deferred", transport: .webSocket)))
            try await socket.close()
        }
    }

    @Test func aStreamedListSendsOneItemPerNext() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.rocketReserverURL)
            try await socket.subscribe(id: "s", query: #"{ launches(pageSize: 4) { launches @stream(initialCount: 1) { id } } }"#)
            let (payloads, completed) = Self.payloads(of: try await socket.receiveUntilEnd(of: "s"))
            #expect(completed)
            try #require(payloads.count == 4)
            #expect(payloads[0][path: "data", "launches", "launches"]?.arrayValue?.count == 1)
            #expect(payloads.map { $0[path: "hasNext"] } == [true, true, true, false])
            #expect(payloads.dropFirst().allSatisfy { $0[path: "incremental", 0, "items"]?.arrayValue?.count == 1 })
            #expect(payloads.last?[path: "completed"] == [["id": "0"]])
            try await socket.close()
        }
    }

    @Test func aMutationRunsOnceThenSplits() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.rocketReserverURL)
            try await socket.subscribe(id: "m", query: #"mutation { login(email: "ws-defer@example.com") { id ... @defer { email } } }"#)
            let (payloads, completed) = Self.payloads(of: try await socket.receiveUntilEnd(of: "m"))
            #expect(completed)
            try #require(payloads.count == 2)
            #expect(payloads[1][path: "incremental", 0, "data", "email"] == "ws-defer@example.com")
            try await socket.close()
        }
    }

    @Test func withoutActiveDirectivesOneNextAsBefore() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.rocketReserverURL)
            try await socket.subscribe(id: "p", query: #"{ launch(id: "1") { id ... @defer(if: false) { site } } }"#)
            let (payloads, completed) = Self.payloads(of: try await socket.receiveUntilEnd(of: "p"))
            #expect(completed)
            try #require(payloads.count == 1)
            #expect(payloads[0][path: "data", "launch", "id"] == "1")
            #expect(payloads[0][path: "data", "launch", "site"]?.stringValue?.isEmpty == false)
            #expect(payloads[0][path: "hasNext"] == nil)
            try await socket.close()
        }
    }

    @Test func aRequestErrorIsAnErrorMessage() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.rocketReserverURL)
            try await socket.subscribe(
                id: "v", query: #"query Deferred($id: ID!) { launch(id: $id) { id ... @defer { site } } }"#, variables: ["id": ["not": "an id"]])
            let messages = try await socket.receiveUntilEnd(of: "v")
            #expect(messages.count == 1)
            #expect(messages.first?[path: "type"] == "error")
            #expect(messages.first?[path: "payload", 0, "message"]?.stringValue?.isEmpty == false)
            try await socket.close()
        }
    }

    @Test func completeStopsTheRemainingPayloads() async throws {
        var configuration = ExampleServer.Configuration()
        // Far longer than the test: only the client's `complete` can end the wait.
        configuration.incrementalDelay = .seconds(3600)
        try await withServer(configuration) { server in
            let socket = try await TestWebSocket.openAcknowledged(server.rocketReserverURL)
            try await socket.subscribe(id: "c", query: #"{ launch(id: "1") { id ... @defer { site } } }"#)
            let first = try await socket.receive()
            #expect(first[path: "type"] == "next")
            #expect(first[path: "payload", "hasNext"] == true)
            try await socket.complete(id: "c")
            await server.waitFor(.completedByClient(connection: 1, id: "c"))
            // The socket still serves: the next message is the answer to a later operation.
            try await socket.subscribe(id: "after", query: #"{ launch(id: "1") { id } }"#)
            #expect(try await socket.receive()[path: "id"] == "after")
            #expect(!server.subscriptionEvents.contains(.completedByServer(connection: 1, id: "c")))
            try await socket.close()
        }
    }
}
