@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeObservability
@testable import ApogeeTesting
import ClientFixtures
import Foundation
import InMemoryTracing
import TestSupport
import Testing
import Tracing

@Suite("Traces of operations", .timeLimit(.minutes(10)))
struct TracingTests {
    @Test("One client span per operation, named after it, whose traceparent reaches the server")
    func spanAndTraceparent() async throws {
        try await withObservers { server, observers in
            let result = try await observers.client(of: server.rocketReserverURL).fetch(query: LaunchSiteQuery(id: "1"))
            #expect(result.data?.launch?.id == "1")

            let spans = observers.tracer.finishedSpans
            try #require(spans.count == 1)
            let span = spans[0]
            #expect(span.operationName == "LaunchSite")
            #expect(span.kind == .client)
            #expect(span.attributes.get("graphql.operation.name") == .string("LaunchSite"))
            #expect(span.attributes.get("graphql.operation.type") == .string("query"))
            #expect(span.status == nil)
            #expect(span.parentSpanID == nil)
            let request = try #require(server.recordedRequests.first)
            #expect(request.header("traceparent") == "00-\(span.traceID)-\(span.spanID)-01")
            #expect(request.header("tracestate") == nil)
            #expect(observers.tracer.activeSpans.isEmpty)
        }
    }

    @Test("The span is a child of the caller's, and tracestate travels with traceparent")
    func parentAndTracestate() async throws {
        try await withObservers { server, observers in
            let client = observers.client(of: server.rocketReserverURL)
            let parent = observers.tracer.startSpan("screen")
            var context = parent.context
            context.traceState = "vendor=opaque"
            try await ServiceContext.withValue(context) {
                _ = try await client.fetch(query: LaunchSiteQuery(id: "4"))
            }
            parent.end()

            let span = try #require(observers.tracer.finishedSpans.first { $0.operationName == "LaunchSite" })
            #expect(span.traceID == parent.traceID)
            #expect(span.parentSpanID == parent.spanID)
            let request = try #require(server.recordedRequests.first)
            #expect(request.header("traceparent") == "00-\(parent.traceID)-\(span.spanID)-01")
            #expect(request.header("tracestate") == "vendor=opaque")
        }
    }

    @Test("Every attempt of a retried operation carries the one span's context")
    func retries() async throws {
        try await withObservers { server, observers in
            server.enqueueFaults([.htmlErrorPage(status: 503)])
            let retry = RetryInterceptor(policy: RetryPolicy(maximumAttempts: 3, jitter: 0), sleeper: RecordingSleeper())
            _ = try await observers.client(of: server.rocketReserverURL, base: DefaultInterceptorProvider(retry: retry)).fetch(query: LaunchSiteQuery(id: "5"))
            let spans = observers.tracer.finishedSpans
            try #require(spans.count == 1)
            let traceparents = server.recordedRequests.map { $0.header("traceparent") }
            #expect(traceparents.count == 2)
            #expect(Set(traceparents) == ["00-\(spans[0].traceID)-\(spans[0].spanID)-01"])
            #expect(spans[0].status == nil)
        }
    }

    @Test("A failure without a result ends the span with an error status and the kind of error only")
    func transportError() async throws {
        try await withObservers { server, observers in
            await observers.fetchAnsweredWithErrorPage(from: server)
            let span = try #require(observers.tracer.finishedSpans.first)
            #expect(span.status?.code == .error)
            #expect(span.status?.message == "http_500")
            #expect(span.attributes.get("error.type") == .string("http_500"))
            // The body excerpt the error carries (the server's page) stays out of the trace.
            #expect(span.errors.isEmpty)
        }
    }

    @Test("GraphQL errors end the span with an error status and their count, not their messages")
    func graphQLErrors() async throws {
        try await withObservers { server, observers in
            let client = observers.clientWithUnknownToken(of: server)
            let result = try await client.fetch(query: LaunchAndMeQuery(id: "1"))
            let messages = try #require(result.errors).map(\.message)
            let span = try #require(observers.tracer.finishedSpans.first)
            #expect(span.status?.code == .error)
            #expect(span.attributes.get("graphql.errors.count") == .int64(Int64(messages.count)))
            for message in messages {
                #expect(!observers.exportedText.contains { $0.contains(message) })
            }
        }
    }

    @Test("No token or variable value becomes an attribute, unless the configuration asks for variables")
    func privacy() async throws {
        try await withServer { server in
            for recordsVariables in [false, true] {
                let observers = Observers()
                let base = DefaultInterceptorProvider(retry: nil, authorization: AuthorizationInterceptor(tokenStore: InMemoryTokenStore(token: "super-secret-token")))
                let client = observers.client(of: server.rocketReserverURL, base: base, tracing: .init(recordsVariables: recordsVariables))
                _ = try await client.perform(mutation: SignInMutation(email: "private@example.com"))
                let exported = observers.exportedText
                #expect(!exported.contains { $0.contains("super-secret-token") })
                #expect(exported.contains { $0.contains("private@example.com") } == recordsVariables)
                let span = try #require(observers.tracer.finishedSpans.first)
                #expect(span.attributes.get("graphql.operation.type") == .string("mutation"))
            }
        }
    }
}
