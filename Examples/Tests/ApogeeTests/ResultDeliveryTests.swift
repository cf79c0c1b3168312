@testable import Apogee
@testable import ApogeeAPI
import Foundation
import ApogeeExampleServer
import ClientFixtures
import LiveFixtures
import Logging
import TestSupport
import Testing

/// The delivery of a request is decided once, when it is made, and every interceptor, in
/// either form, sees every result of every delivery.
@Suite struct ResultDeliveryTests {
    @Test func theDeliveryComesFromTheOperationOnce() {
        let endpoint = URL(string: "http://127.0.0.1:1/graphql")!
        #expect(GraphQLRequest(operation: LaunchSiteQuery(id: "1"), endpoint: endpoint).delivery == .single)
        #expect(GraphQLRequest(operation: SignInMutation(email: "a@example.com"), endpoint: endpoint).delivery == .single)
        #expect(GraphQLRequest(operation: CountdownSubscription(from: 1), endpoint: endpoint).delivery == .subscription)
    }

    @Test("A one-result interceptor behind the standard ones sees every event of a subscription", arguments: SubscriptionPath.allCases)
    func oneResultInterceptorSeesEveryEvent(path: SubscriptionPath) async throws {
        try await withServer { server in
            let counter = Counter()
            let provider = Self.standardChain(then: CountingInterceptor(counter: counter))
            let live = server.liveClient(over: path, provider: provider)
            let results = try await allResults(of: live.client.subscribe(subscription: CountdownSubscription(from: 4)))
            #expect(results.map(\.data?.countdown) == [4, 3, 2, 1])
            #expect(await counter.value == 4)
            #expect(results.allSatisfy { $0.extensions?["counted"] == true })
        }
    }

    @Test("A one-result interceptor sees every result of a stream of several, through the standard chain")
    func oneResultInterceptorSeesEveryResultOfAStream() async throws {
        let counter = Counter()
        let transport = SeveralResults(sites: ["first", "second", "third"])
        let client = ApogeeClient(
            url: URL(string: "http://127.0.0.1:1/graphql")!,
            interceptorProvider: Self.standardChain(then: CountingInterceptor(counter: counter)),
            networkTransport: transport
        )
        var sites: [String?] = []
        for try await result in client.fetchResults(query: LaunchSiteQuery(id: "1"), cachePolicy: .fetchIgnoringCacheCompletely) {
            #expect(result.extensions?["counted"] == true)
            sites.append(result.data?.launch?.site)
        }
        #expect(sites == ["first", "second", "third"])
        #expect(await counter.value == 3)
        #expect(transport.requests.withLock { $0 } == 1)
    }

    @Test("A stream interceptor's one-result form runs its stream form on the one result")
    func streamInterceptorsOneResultForm() async throws {
        let counter = Counter()
        let interceptor = StreamCounting(counter: counter)
        let request = GraphQLRequest(operation: LaunchSiteQuery(id: "1"), endpoint: URL(string: "http://127.0.0.1:1/graphql")!)
        let result = try await interceptor.intercept(request) { _ in try SeveralResults.result(site: "only") }
        #expect(result.data?.launch?.site == "only")
        #expect(result.extensions?["streamed"] == true)
        #expect(await counter.value == 1)
    }

    @Test("A stream of one result gives it to every iteration, once each, then ends")
    func aStreamOfOneResult() async throws {
        let stream = GraphQLResultStream(result: try SeveralResults.result(site: "only"))
        for _ in 1...2 {
            var sites: [String?] = []
            for try await result in stream { sites.append(result.data?.launch?.site) }
            #expect(sites == ["only"])
        }
        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next()?.data?.launch?.site == "only")
        #expect(try await iterator.next() == nil)
        #expect(try await iterator.next() == nil)
    }

    /// The default chain with every standard interceptor on (retries, persisted queries, a
    /// token, logging), then `last`.
    private static func standardChain(then last: some GraphQLInterceptor) -> some InterceptorProvider {
        DefaultInterceptorProvider(
            retry: RetryInterceptor(),
            persistedQueries: AutomaticPersistedQueryInterceptor(),
            authorization: AuthorizationInterceptor(token: { "token" }),
            logger: Logger(label: "result-delivery-tests")
        )
        .inserting(last, at: 99)
    }
}

/// Answers every query with a stream of several results, one per site, as a transport of
/// incremental delivery would.
private struct SeveralResults: NetworkTransport {
    let sites: [String]
    let requests = Locked(0)

    static func result(site: String) throws -> GraphQLResult<LaunchSiteQuery.Data> {
        GraphQLResult(data: try LaunchSiteQuery.Data(json: ["launch": ["__typename": "Launch", "id": "1", "site": .string(site)]]))
    }

    func send<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data> {
        requests.withLock { $0 += 1 }
        let sites = sites
        return GraphQLResultStream(unfolding: {
            var remaining = sites[...]
            return {
                guard let site = remaining.popFirst() else { return nil }
                let data = try Operation.Data(json: ["launch": ["__typename": "Launch", "id": "1", "site": .string(site)]])
                return GraphQLResult(data: data)
            }
        })
    }
}

/// Marks each result of the stream it passes on, and counts them.
private struct StreamCounting: GraphQLStreamInterceptor {
    let counter: Counter

    func interceptStream<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data> {
        let counter = counter
        return try await next(request).map { result in
            var result = result
            result.extensions = ["streamed": true]
            await counter.next()
            return result
        }
    }
}
