@testable import Apogee
import ApogeeExampleServer
import ClientFixtures
import TestSupport
import Testing

@Suite("Automatic persisted queries")
struct PersistedQueryTests {
    /// A client on `stack` whose chain has the persisted-query interceptor, which sends hashed
    /// queries as GET when `useGETForHashedQueries` is set.
    private func persistedQueryClient(_ server: ExampleServer, _ stack: HTTPStack, useGETForHashedQueries: Bool = false) -> ApogeeClient {
        let persistedQueries = AutomaticPersistedQueryInterceptor(useGETForHashedQueries: useGETForHashedQueries)
        return server.client(stack, provider: DefaultInterceptorProvider(retry: nil, persistedQueries: persistedQueries))
    }

    @Test("The first request misses and sends the document; the next one hits with the hash alone", arguments: HTTPStack.all)
    func missThenHit(stack: HTTPStack) async throws {
        try await withServer { server in
            let client = persistedQueryClient(server, stack)
            let first = try await client.fetch(query: LaunchSiteQuery(id: "1"))
            #expect(first.data?.launch?.id == "1")
            #expect(first.errors == nil)
            #expect(server.requestCount == 2)

            let second = try await client.fetch(query: LaunchSiteQuery(id: "2"))
            #expect(second.data?.launch?.id == "2")
            #expect(server.requestCount == 3)

            let hash: JSONValue = .string(LaunchSiteQuery.operationIdentifier)
            let bodies = try (0..<3).map { try server.recordedBody(at: $0) }
            #expect(bodies.map { $0["query"] == nil } == [true, false, true])
            #expect(bodies.allSatisfy { $0["extensions"]?.objectValue?["persistedQuery"] == ["version": 1, "sha256Hash": hash] })
            #expect(bodies[1]["query"] == .string(LaunchSiteQuery.document))
        }
    }

    @Test("Hashed queries can go as GET; the document goes with POST after a miss", arguments: HTTPStack.all)
    func getForHashedQueries(stack: HTTPStack) async throws {
        try await withServer { server in
            let client = persistedQueryClient(server, stack, useGETForHashedQueries: true)
            _ = try await client.fetch(query: LaunchSiteQuery(id: "1"))
            let hit = try await client.fetch(query: LaunchSiteQuery(id: "4"))
            #expect(hit.data?.launch?.id == "4")
            #expect(server.recordedRequests.map(\.method) == ["GET", "POST", "GET"])
        }
    }

    @Test("Mutations use persisted queries over POST", arguments: HTTPStack.all)
    func mutations(stack: HTTPStack) async throws {
        try await withServer { server in
            let client = persistedQueryClient(server, stack, useGETForHashedQueries: true)
            _ = try await client.perform(mutation: SignInMutation(email: "apq@example.com"))
            let second = try await client.perform(mutation: SignInMutation(email: "apq@example.com"))
            #expect(second.data?.login?.token != nil)
            #expect(server.recordedRequests.map(\.method) == ["POST", "POST", "POST"])
            #expect(try server.recordedBody(at: 2)["query"] == nil)
        }
    }
}
