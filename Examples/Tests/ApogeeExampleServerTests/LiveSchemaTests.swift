@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import GraphQL
import TestSupport
import Testing

/// The schema at `/live/graphql`: its SDL, and counters that live per server instance.
@Suite(.timeLimit(.minutes(10))) struct LiveSchemaTests {
    /// The SDL clients generate code from; the served schema must introspect exactly as it.
    static let sdl = """
        type Counter { id: ID! value: Int! }
        type Query {
          counter(id: ID!): Counter!
          "The counters 1 to 25 from offset, at most limit of them: an offset list."
          counters(offset: Int! = 0, limit: Int! = 10): [Counter!]!
        }
        type Mutation { increment(id: ID!, by: Int! = 1): Counter! }
        type Subscription {
          "Emits the counter each time it changes, until the client stops."
          counterChanged(id: ID!): Counter!
          "Emits Counter(id, value: 1...count) as fast as it can, then completes; each tick also sets the counter's value."
          counterTicks(id: ID!, count: Int!): Counter!
          "Emits from, from-1, ..., 1, then completes."
          countdown(from: Int!): Int!
        }
        """

    @Test func servedSchemaMatchesTheSDL() async throws {
        let schema = try buildSchema(source: Self.sdl)
        let result = try await graphql(schema: schema, request: introspectionQuery)
        #expect(result.errors.isEmpty)
        let expected = IntrospectionShape.shape(of: try JSONValue(parsing: [UInt8](try GraphQLJSONEncoder().encode(result))))
        let served = try await withServer { server in
            IntrospectionShape.shape(of: try await graphQL(server.liveURL, introspectionQuery))
        }
        #expect(!expected.isEmpty)
        #expect(Set(served.keys) == Set(expected.keys), "types differ")
        for name in expected.keys.sorted() {
            #expect(served[name]?.serializedString == expected[name]?.serializedString, "\(name) differs")
        }
    }

    @Test func subscriptionFieldsCarryTheirDescriptions() async throws {
        let expected = try buildSchema(source: Self.sdl)
        try await withServer { server in
            let response = try await graphQL(server.liveURL, #"{ __type(name: "Subscription") { fields { name description } } }"#)
            let fields = try #require(response[path: "data", "__type", "fields"]?.arrayValue)
            #expect(fields.count == 3)
            for field in fields {
                let name = try #require(field[path: "name"]?.stringValue)
                let description = try #require(try expected.subscriptionType?.fields()[name]?.description)
                #expect(field[path: "description"]?.stringValue == description)
            }
        }
    }

    @Test func countersStartAtZeroAndIncrement() async throws {
        try await withServer { server in
            #expect(try await graphQL(server.liveURL, #"{ counter(id: "a") { id value } }"#) == ["data": ["counter": ["id": "a", "value": 0]]])
            let once = try await graphQL(server.liveURL, #"mutation { increment(id: "a") { value } }"#)
            #expect(once[path: "data", "increment", "value"] == 1)
            let more = try await graphQL(server.liveURL, #"mutation { increment(id: "a", by: 10) { value } }"#)
            #expect(more[path: "data", "increment", "value"] == 11)
            await server.incrementCounter("a", by: -1)
            #expect(try await graphQL(server.liveURL, #"{ counter(id: "a") { value } }"#)[path: "data", "counter", "value"] == 10)
            #expect(try await graphQL(server.liveURL, #"{ counter(id: "b") { value } }"#)[path: "data", "counter", "value"] == 0)
        }
    }

    @Test func countersLivePerServer() async throws {
        try await withServer { first in
            try await withServer { second in
                await first.incrementCounter("shared", by: 3)
                let query = #"{ counter(id: "shared") { value } }"#
                let onSecond = try await graphQL(second.liveURL, query)
                let onFirst = try await graphQL(first.liveURL, query)
                #expect(onSecond[path: "data", "counter", "value"] == 0)
                #expect(onFirst[path: "data", "counter", "value"] == 3)
            }
        }
    }

    @Test func counterTicksSetTheCounterAndReachCounterChanged() async throws {
        try await withServer { server in
            let socket = try await server.subscribedSocket(server.liveURL, id: "changes", query: #"subscription { counterChanged(id: "t") { value } }"#)
            try await socket.subscribe(id: "ticks", query: #"subscription { counterTicks(id: "t", count: 3) { id value } }"#)
            var ticks: [JSONValue] = []
            var changes: [JSONValue] = []
            while ticks.count < 4 || changes.count < 3 {
                let message = try await socket.receive()
                switch message[path: "id"]?.stringValue {
                case "ticks": ticks.append(message)
                case "changes": changes.append(message[path: "payload", "data", "counterChanged", "value"] ?? .null)
                default: Issue.record("unexpected \(message.serializedString)")
                }
            }
            #expect(ticks.map { $0[path: "type"] } == ["next", "next", "next", "complete"])
            #expect(ticks.prefix(3).map { $0[path: "payload", "data", "counterTicks"] } == [
                ["id": "t", "value": 1], ["id": "t", "value": 2], ["id": "t", "value": 3],
            ])
            #expect(changes == [1, 2, 3])
            #expect(try await graphQL(server.liveURL, #"{ counter(id: "t") { value } }"#)[path: "data", "counter", "value"] == 3)
            try await socket.close()
        }
    }

    @Test func countdownFromZeroCompletesAtOnce() async throws {
        try await withServer { server in
            let socket = try await TestWebSocket.openAcknowledged(server.liveURL)
            try await socket.subscribe(id: "0", query: "subscription { countdown(from: 0) }")
            #expect(try await socket.receive() == ["id": "0", "type": "complete"])
            try await socket.close()
        }
    }
}
