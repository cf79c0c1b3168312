@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
import ClientFixtures
import Foundation
import TestSupport
import Testing
import TodoAPI

/// HTTP batching against the example server, which answers Apollo Server's batch format.
/// Batches are filled to their maximum size (with a long window) so that what goes together
/// never depends on timing.
@Suite("HTTP batching", .timeLimit(.minutes(10)))
struct BatchingTests {
    private func client(_ server: ExampleServer, _ stack: HTTPStack, url: URL? = nil, batchSize: Int, window: Duration = .seconds(30)) -> ApogeeClient {
        let batching = BatchingNetworkTransport(transport: stack.makeTransport(), configuration: .init(window: window, maximumBatchSize: batchSize))
        return ApogeeClient(url: url ?? server.rocketReserverURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), networkTransport: batching)
    }

    @Test("Queries issued together go as one POST, and each caller gets its own result", arguments: HTTPStack.all)
    func queriesShareOneRequest(stack: HTTPStack) async throws {
        try await withServer { server in
            let client = client(server, stack, batchSize: 3)
            async let first = client.fetch(query: LaunchSiteQuery(id: "1"))
            async let second = client.fetch(query: LaunchSiteQuery(id: "2"))
            async let third = client.fetch(query: LaunchSiteQuery(id: "3"))
            let ids = try await [first, second, third].map { $0.data?.launch?.id }
            #expect(ids == ["1", "2", "3"])
            #expect(server.requestCount == 1)
            let request = try #require(server.recordedRequests.first)
            #expect(request.batchedOperationNames == ["LaunchSite", "LaunchSite", "LaunchSite"])
            // The store has all three.
            let cached = try await client.fetch(query: LaunchSiteQuery(id: "2"), cachePolicy: .returnCacheDataDontFetch)
            #expect(cached.data?.launch?.id == "2")
        }
    }

    @Test("Mutations in a batch are applied in the order the batch lists them", arguments: HTTPStack.all)
    func mutationsKeepTheirOrder(stack: HTTPStack) async throws {
        try await withServer { server in
            let client = client(server, stack, url: server.todoURL, batchSize: 3)
            let texts = ["first", "second", "third"]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for text in texts {
                    group.addTask { _ = try await client.perform(mutation: AddTodoMutation(input: .init(text: text, userId: "me"), connections: [])) }
                }
                try await group.waitForAll()
            }
            let batch = try #require(server.recordedRequests.first)
            #expect(batch.isBatch)
            let sent = try #require(try JSONValue(parsing: batch.body).arrayValue)
            let sentTexts = sent.compactMap { $0.objectValue?["variables"]?.objectValue?["input"]?.objectValue?["text"]?.stringValue }
            #expect(Set(sentTexts) == Set(texts))
            // Read back without batching: a lone query would wait out the long window.
            let list = try await ApogeeClient(url: server.todoURL).fetch(query: TodoListQuery(first: 20))
            #expect(list.data?.rows.map(\.text).suffix(3).map { $0 } == sentTexts)
        }
    }

    @Test("An operation alone when its window ends goes as a plain request")
    func aLoneOperationIsNotWrapped() async throws {
        try await withServer { server in
            let client = client(server, .asyncHTTPClient, batchSize: 10, window: .milliseconds(1))
            let result = try await client.fetch(query: LaunchSiteQuery(id: "4"))
            #expect(result.data?.launch?.id == "4")
            let request = try #require(server.recordedRequests.first)
            #expect(!request.isBatch)
            #expect(request.operationName == "LaunchSite")
        }
    }

    @Test("A batch the server refuses as a whole fails each operation with that status", arguments: HTTPStack.all)
    func refusedBatch(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.httpStatus(400, body: "batching is not allowed here"))
            let client = client(server, stack, batchSize: 2)
            async let first = outcome { try await client.fetch(query: LaunchSiteQuery(id: "1")) }
            async let second = outcome { try await client.fetch(query: LaunchSiteQuery(id: "2")) }
            for outcome in await [first, second] {
                guard case .failure(let failure as ApogeeError) = outcome, failure.code == .httpStatus, let head = failure.httpResponse else {
                    Issue.record("expected an HTTP status error, got \(outcome)")
                    continue
                }
                #expect(head.status.code == 400)
            }
            try client.expectNothingStored()
        }
    }

    @Test("An answer with the wrong number of results fails each operation, and nothing is stored", arguments: HTTPStack.all)
    func wrongNumberOfResults(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(#"[{"data":{"launch":{"__typename":"Launch","id":"1","site":"X"}}}]"#, contentType: "application/json"))
            let client = client(server, stack, batchSize: 2)
            async let first = outcome { try await client.fetch(query: LaunchSiteQuery(id: "1")) }
            async let second = outcome { try await client.fetch(query: LaunchSiteQuery(id: "2")) }
            for outcome in await [first, second] {
                guard case .failure(let failure as ApogeeError) = outcome, failure.code == .invalidResponse, let reason = failure.invalidResponseReason else {
                    Issue.record("expected an invalid response, got \(outcome)")
                    continue
                }
                #expect(reason == .batchResultCount(expected: 2, received: 1))
            }
            try client.expectNothingStored()
        }
    }

    @Test("A mutation with an Idempotency-Key goes alone")
    func idempotentMutationsAreNotBatched() async throws {
        try await withServer { server in
            let client = client(server, .asyncHTTPClient, batchSize: 2, window: .milliseconds(1))
            var context = RequestContext()
            context.idempotencyKey = "once"
            _ = try await client.perform(mutation: SignInMutation(email: "alone@example.com"), context: context)
            let request = try #require(server.recordedRequests.first)
            #expect(!request.isBatch)
            #expect(request.header("Idempotency-Key") == "once")
        }
    }
}

/// What an async call returned or threw, for tests that compare several calls' outcomes.
private func outcome<Value>(_ body: () async throws -> Value) async -> Result<Value, any Error> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}
