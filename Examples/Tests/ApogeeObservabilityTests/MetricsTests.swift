@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeObservability
@testable import ApogeeTesting
import ClientFixtures
import Foundation
import TestSupport
import Testing

@Suite("Metrics of operations", .timeLimit(.minutes(10)))
struct MetricsTests {
    @Test("A query counts once, with its outcome, its duration and its bodies' bytes, under its name and kind")
    func query() async throws {
        try await withObservers { server, observers in
            let body = #"{"data": {"launch": {"__typename": "Launch", "id": "1", "site": "Kwajalein Atoll"}}}"#
            server.enqueueFault(.rawBody(body))
            let result = try await observers.client(of: server.rocketReserverURL).fetch(query: LaunchSiteQuery(id: "1"))
            #expect(result.data?.launch?.site == "Kwajalein Atoll")

            #expect(observers.total("apogee.graphql.requests", "LaunchSite", "query") == 1)
            #expect(observers.total("apogee.graphql.results.data", "LaunchSite", "query") == 1)
            #expect(observers.total("apogee.graphql.results.graphql_errors", "LaunchSite", "query") == 0)
            #expect(observers.total("apogee.graphql.failures.transport", "LaunchSite", "query") == 0)
            #expect(observers.total("apogee.graphql.retries", "LaunchSite", "query") == 0)
            let timer = try observers.metrics.recorded.expectTimer("apogee.graphql.duration", Observers.dimensions("LaunchSite", "query"))
            #expect(timer.values.count == 1)
            #expect(timer.values.allSatisfy { $0 > 0 })
            // The bytes are the bodies as they went over the wire: what the server received,
            // and the body it was scripted to answer.
            let sent = try #require(server.recordedRequests.first).body.count
            #expect(sent > 0)
            #expect(observers.total("apogee.graphql.bytes.sent", "LaunchSite", "query") == Int64(sent))
            #expect(observers.total("apogee.graphql.bytes.received", "LaunchSite", "query") == Int64(body.utf8.count))
        }
    }

    @Test("A result with GraphQL errors counts apart from one with data alone")
    func graphQLErrors() async throws {
        try await withObservers { server, observers in
            let client = observers.clientWithUnknownToken(of: server)
            let result = try await client.fetch(query: LaunchAndMeQuery(id: "1"))
            #expect(result.errors?.isEmpty == false)
            #expect(observers.total("apogee.graphql.results.graphql_errors", "LaunchAndMe", "query") == 1)
            #expect(observers.total("apogee.graphql.results.data", "LaunchAndMe", "query") == 0)
            #expect(observers.total("apogee.graphql.requests", "LaunchAndMe", "query") == 1)
        }
    }

    @Test("A failure without a result counts as a transport error, with its duration")
    func transportError() async throws {
        try await withObservers { server, observers in
            await observers.fetchAnsweredWithErrorPage(from: server)
            #expect(observers.total("apogee.graphql.failures.transport", "LaunchSite", "query") == 1)
            #expect(observers.total("apogee.graphql.results.data", "LaunchSite", "query") == 0)
            #expect(observers.total("apogee.graphql.requests", "LaunchSite", "query") == 1)
            let timer = try observers.metrics.recorded.expectTimer("apogee.graphql.duration", Observers.dimensions("LaunchSite", "query"))
            #expect(timer.values.count == 1)
        }
    }

    @Test("Each attempt after the first counts as a retry; the operation counts once")
    func retries() async throws {
        try await withObservers { server, observers in
            server.enqueueFaults([.htmlErrorPage(status: 503), .htmlErrorPage(status: 503)])
            let retry = RetryInterceptor(policy: RetryPolicy(maximumAttempts: 4, jitter: 0), sleeper: RecordingSleeper())
            let client = observers.client(of: server.rocketReserverURL, base: DefaultInterceptorProvider(retry: retry))
            let result = try await client.fetch(query: LaunchSiteQuery(id: "3"))
            #expect(result.data?.launch?.id == "3")
            #expect(server.requestCount == 3)
            #expect(observers.total("apogee.graphql.retries", "LaunchSite", "query") == 2)
            #expect(observers.total("apogee.graphql.requests", "LaunchSite", "query") == 1)
            #expect(observers.total("apogee.graphql.results.data", "LaunchSite", "query") == 1)
            #expect(observers.total("apogee.graphql.failures.transport", "LaunchSite", "query") == 0)
            // The failed attempts got no GraphQL result, so only the last one's bodies count.
            let lastBody = try #require(server.recordedRequests.last).body.count
            #expect(observers.total("apogee.graphql.bytes.sent", "LaunchSite", "query") == Int64(lastBody))
        }
    }

    @Test("A mutation counts under its kind; no token, header or variable value becomes a dimension")
    func privacy() async throws {
        try await withObservers { server, observers in
            let base = DefaultInterceptorProvider(retry: nil, authorization: AuthorizationInterceptor(tokenStore: InMemoryTokenStore(token: "super-secret-token")))
            let client = observers.client(of: server.rocketReserverURL, base: base)
            let result = try await client.perform(mutation: SignInMutation(email: "private@example.com"))
            #expect(result.data?.login != nil)
            #expect(server.recordedRequests.first?.header("Authorization") == "Bearer super-secret-token")

            #expect(observers.total("apogee.graphql.requests", "SignIn", "mutation") == 1)
            #expect(observers.total("apogee.graphql.results.data", "SignIn", "mutation") == 1)
            let exported = observers.exportedText
            #expect(!exported.isEmpty)
            for secret in ["super-secret-token", "private@example.com", "Bearer", result.data?.login?.token ?? "<none>"] {
                #expect(!exported.contains { $0.contains(secret) }, "\(secret) was exported")
            }
            let dimensionNames = Set(observers.metrics.recorded.counters.flatMap { $0.dimensions.map(\.0) })
            #expect(dimensionNames == ["graphql.operation.name", "graphql.operation.type"])
        }
    }

    @Test("A cancelled operation counts as cancelled, not as a transport error, and its span says so without an error")
    func cancellation() async throws {
        try await withObservers { server, observers in
            let (arrivals, arrived) = AsyncStream<Void>.makeStream()
            let base = DefaultInterceptorProvider(retry: nil).inserting(HoldingInterceptor(arrived: arrived), at: 0)
            let client = observers.client(of: server.rocketReserverURL, base: base)
            let fetching = Task { try await client.fetch(query: LaunchSiteQuery(id: "6")) }
            var arrival = arrivals.makeAsyncIterator()
            await arrival.next()
            fetching.cancel()
            await #expect(throws: (any Error).self) { try await fetching.value }

            #expect(observers.total("apogee.graphql.failures.cancelled", "LaunchSite", "query") == 1)
            #expect(observers.total("apogee.graphql.failures.transport", "LaunchSite", "query") == 0)
            #expect(server.requestCount == 0)
            let span = try #require(observers.tracer.finishedSpans.first)
            #expect(span.attributes.get("apogee.cancelled") == .bool(true))
            #expect(span.status == nil)
        }
    }
}
