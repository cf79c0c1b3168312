import Apogee
import Foundation
import HTTPTypes
import LiveFixtures
import Testing

/// A ``NetworkTransport`` written outside the module, against the public API alone, serves a
/// client as Apogee's own transports do: queries, optimistic mutations and subscriptions reach
/// the store and its watchers, results decoded with the public wire codec keep the server's
/// JSON, and the transport's metadata travels on the results.
@Suite("A transport of one's own, through the public API", .timeLimit(.minutes(10)))
struct PublicTransportTests {
    private static let endpoint = URL(string: "memory://live/graphql")!

    private static func counter(_ field: String, value: Int) -> String {
        #"{"data":{"\#(field)":{"__typename":"Counter","id":"1","value":\#(value)}}}"#
    }

    private static let guess: OptimisticResponse<IncrementMutation.Data> = ["increment": ["id": "1", "value": 2]]

    /// The records the scenario writes.
    private static let keys = [CacheKey("Counter:1"), .queryRoot, .mutationRoot, .subscriptionRoot]

    @Test("a query, an optimistic mutation and a subscription update the store and a watcher, as over HTTP")
    func operationsReachTheStore() async throws {
        let transport = InMemoryTransport(answering: ["Counter", "Increment", "CounterChanged"])
        let client = ApogeeClient(url: Self.endpoint, networkTransport: transport)
        var requests = transport.requests.makeAsyncIterator()
        var watched = client.watch(query: CounterQuery(id: "1")).makeAsyncIterator()

        // The query: the watcher's first result comes from the transport, through the store.
        let queryAnswer = Self.counter("counter", value: 1)
        transport.answer("Counter", with: queryAnswer)
        let first = try #require(try await watched.next())
        #expect(first.source == .server)
        #expect(first.data?.counter.value == 1)
        let query = try #require(await requests.next())
        #expect(query.operationName == "Counter")
        let queryJSON = try JSONValue(parsing: query.body).objectValue
        #expect(queryJSON?["variables"] == ["id": "1"])
        #expect(queryJSON?["query"] == .string(CounterQuery.document))
        // The codec's result kept the server's JSON for the store, and the metadata came along.
        #expect(first.keepsServerJSON)
        #expect(first.metadata.status == .ok)
        #expect(first.metadata.bodySizes == .init(sent: query.body.count, received: queryAnswer.utf8.count))
        #expect(first.httpResponse == InMemoryTransport.head)

        // The mutation: the watcher sees the guess, then the server's answer in its place.
        let mutation = Task { try await client.perform(mutation: IncrementMutation(id: "1"), optimisticResponse: Self.guess) }
        let guessed = try #require(try await watched.next())
        #expect(guessed.data?.counter.value == 2)
        #expect(guessed.hasPendingWrites)
        #expect(await requests.next()?.operationName == "Increment")
        let mutationAnswer = Self.counter("increment", value: 3)
        transport.answer("Increment", with: mutationAnswer)
        let answered = try await mutation.value
        #expect(answered.data?.increment.value == 3)
        #expect(answered.keepsServerJSON)
        #expect(answered.metadata.bodySizes?.received == mutationAnswer.utf8.count)
        let confirmed = try #require(try await watched.next())
        #expect(confirmed.data?.counter.value == 3)
        #expect(!confirmed.hasPendingWrites)
        #expect(client.store.optimisticLayerIDs.isEmpty)

        // The subscription: each event is in the store, and the watcher has it, when the
        // caller reads it.
        var events = client.subscribe(subscription: CounterChangedSubscription(id: "1")).makeAsyncIterator()
        for value in [4, 5] {
            transport.answer("CounterChanged", with: Self.counter("counterChanged", value: value))
            let event = try #require(try await events.next())
            #expect(event.data?.counterChanged.value == value)
            #expect(event.keepsServerJSON)
            #expect(event.metadata.status == .ok)
            #expect(try await watched.next()?.data?.counter.value == value)
        }
        transport.finish("CounterChanged")
        #expect(try await events.next() == nil)

        // Apogee's own HTTP transport, given the same answers, leaves the same store.
        let reference = try await Self.storeOverHTTP()
        for key in Self.keys {
            #expect(try client.store.record(for: key) == reference.record(for: key), "\(key)")
        }
        #expect(try client.store.recordCount() == reference.recordCount())
    }

    @Test("a result keeps the server's JSON until its data is replaced; one made by hand has none")
    func serverJSONIsKept() throws {
        var decoded = try GraphQLResult<CounterQuery.Data>(decodingResponse: Array(Self.counter("counter", value: 7).utf8))
        #expect(decoded.keepsServerJSON)
        #expect(decoded.metadata == ResponseMetadata())
        let byHand = GraphQLResult<CounterQuery.Data>(data: decoded.data)
        #expect(!byHand.keepsServerJSON)
        decoded.data = byHand.data
        #expect(!decoded.keepsServerJSON)
    }

    @Test("a body that is not a GraphQL response is refused with the reason")
    func notAResponse() {
        #expect(throws: InvalidResponseReason.self) {
            try GraphQLResult<CounterQuery.Data>(decodingResponse: Array(#"{"value":1}"#.utf8))
        }
    }

    @Test("the metadata reads the head's Cache-Control when asked, and a transport may declare its own")
    func cacheControl() {
        let head = HTTPResponse(status: .ok, headerFields: [.cacheControl: "public, max-age=60"])
        #expect(ResponseMetadata(httpResponse: head).cacheControl == ServerCacheControl(maxAge: 60))
        #expect(ResponseMetadata(httpResponse: head, cacheControl: .init(noStore: true)).cacheControl == ServerCacheControl(noStore: true))
        #expect(ResponseMetadata(httpResponse: HTTPResponse(status: .ok)).cacheControl == nil)
        var result = GraphQLResult<CounterQuery.Data>(data: nil)
        result.httpResponse = head
        #expect(result.metadata.cacheControl?.maxAge == 60)
    }

    @Test("the client reports the HTTP transport its network transport sends with, and none for a transport of one's own")
    func httpTransport() {
        let inMemory = InMemoryTransport(answering: [])
        #expect(ApogeeClient(url: Self.endpoint, networkTransport: inMemory).transport == nil)
        let http = ScriptedHTTPTransport(answers: [:])
        let batching = BatchingNetworkTransport(transport: http)
        let split = ApogeeClient(url: Self.endpoint, networkTransport: SplitNetworkTransport(operations: batching, subscriptions: inMemory))
        #expect(split.transport is ScriptedHTTPTransport)
        let overSubscriptionsOnly = ApogeeClient(url: Self.endpoint, networkTransport: SplitNetworkTransport(operations: inMemory, subscriptions: HTTPNetworkTransport(transport: http)))
        #expect(overSubscriptionsOnly.transport == nil)
    }

    /// The store after the same operations and answers through `HTTPNetworkTransport`, with the
    /// subscription's events as server-sent events.
    private static func storeOverHTTP() async throws -> NormalizedStore {
        let events = [4, 5].map { "event: next\ndata: \(counter("counterChanged", value: $0))\n\n" }.joined()
        let http = ScriptedHTTPTransport(answers: [
            "Counter": ("application/graphql-response+json", counter("counter", value: 1)),
            "Increment": ("application/graphql-response+json", counter("increment", value: 3)),
            "CounterChanged": ("text/event-stream", events + "event: complete\ndata:\n\n"),
        ])
        let client = ApogeeClient(url: endpoint, transport: http)
        _ = try await client.fetch(query: CounterQuery(id: "1"))
        _ = try await client.perform(mutation: IncrementMutation(id: "1"), optimisticResponse: guess)
        for try await _ in client.subscribe(subscription: CounterChangedSubscription(id: "1")) {}
        return client.store
    }
}
