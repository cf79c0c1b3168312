@testable import Apogee
import Foundation
import ApogeeExampleServer
import ClientFixtures
@testable import ApogeeObservability
import InMemoryTracing
import TestSupport
import Testing
import Tracing

/// Runs `body` with a fresh example server and fresh in-memory backends: how these tests begin.
func withObservers(_ body: (ExampleServer, Observers) async throws -> Void) async throws {
    try await withServer { server in try await body(server, Observers()) }
}

/// What a test observes a client with: in-memory metrics and spans, and a W3C propagator.
struct Observers {
    let metrics = WatchedMetrics()
    let tracer = InMemoryTracer(idGenerator: .w3c)

    /// The metrics interceptor, recording into ``metrics``.
    var metricsInterceptor: MetricsInterceptor {
        MetricsInterceptor(factory: metrics)
    }

    /// The tracing interceptor, making spans in ``tracer`` and sending W3C `traceparent`.
    func tracingInterceptor(_ configuration: TracingInterceptor.Configuration = .init()) -> TracingInterceptor {
        TracingInterceptor(tracer: tracer, propagator: TraceContextPropagator(), configuration: configuration)
    }

    /// A client of `endpoint` whose chain (`base`, without retries by default, so that a
    /// scripted fault is answered once) is observed with metrics and, unless `tracing` is
    /// `nil`, traced; its subscriptions go over `webSocket` when given.
    func client(
        of endpoint: URL,
        base: some InterceptorProvider = DefaultInterceptorProvider(retry: nil),
        tracing: TracingInterceptor.Configuration? = .init(),
        webSocket: GraphQLWebSocketTransport? = nil
    ) -> ApogeeClient {
        let provider = base.observed(metrics: metricsInterceptor, tracing: tracing.map(tracingInterceptor))
        return ApogeeClient(url: endpoint, interceptorProvider: provider, subscriptionTransport: webSocket)
    }

    /// A client of the RocketReserver endpoint whose requests carry a token the server does
    /// not know: `me` comes back null with an error, beside the launch's data.
    func clientWithUnknownToken(of server: ExampleServer) -> ApogeeClient {
        let authorization = AuthorizationInterceptor(tokenStore: InMemoryTokenStore(token: "not-a-token"))
        return client(of: server.rocketReserverURL, base: DefaultInterceptorProvider(retry: nil, authorization: authorization))
    }

    /// Fetches a query that the server answers with an error page: a failure without a result.
    func fetchAnsweredWithErrorPage(from server: ExampleServer) async {
        server.enqueueFault(.htmlErrorPage(status: 500))
        await #expect(throws: ApogeeError.self) {
            try await client(of: server.rocketReserverURL).fetch(query: LaunchSiteQuery(id: "2"))
        }
    }

    /// A WebSocket transport of the server's live endpoint, its connection recorded (with
    /// `dimensions`) until the returned task is cancelled.
    func recordedWebSocket(
        of server: ExampleServer,
        dimensions: [(String, String)] = [],
        reconnection: RetryPolicy = RetryPolicy(maximumAttempts: 50, initialDelay: .milliseconds(10), maximumDelay: .milliseconds(100))
    ) -> (GraphQLWebSocketTransport, recording: Task<Void, Never>) {
        let webSocket = GraphQLWebSocketTransport(
            url: server.webSocketURL(for: server.liveURL),
            configuration: .init(keepAliveInterval: nil, closeGracePeriod: .zero, reconnection: reconnection),
            stack: .platform
        )
        return (webSocket, webSocket.recordConnectionMetrics(factory: metrics, dimensions: dimensions))
    }

    /// The dimensions every operation metric of `name` and `kind` carries.
    static func dimensions(_ name: String, _ kind: String) -> [(String, String)] {
        [("graphql.operation.name", name), ("graphql.operation.type", kind)]
    }

    /// The total of a counter of an operation; 0 when it was never made.
    func total(_ label: String, _ name: String, _ kind: String) -> Int64 {
        metrics.recorded.counterTotal(label: label, dimensions: Self.dimensions(name, kind))
    }

    /// Every label, dimension name and dimension value of every metric, and every attribute
    /// and status message of every span: where no secret may appear.
    var exportedText: [String] {
        let recorded = metrics.recorded
        var text: [String] = []
        let metricKeys = recorded.counters.map { ($0.label, $0.dimensions) }
            + recorded.timers.map { ($0.label, $0.dimensions) }
            + recorded.recorders.map { ($0.label, $0.dimensions) }
        for (label, dimensions) in metricKeys {
            text.append(label)
            for (name, value) in dimensions { text += [name, value] }
        }
        for span in tracer.finishedSpans {
            text.append(span.operationName)
            span.attributes.forEach { name, value in text += [name, "\(value)"] }
            if let message = span.status?.message { text.append(message) }
            text += span.errors.map { "\($0.error)" }
        }
        return text
    }
}


/// Holds every request until its task is cancelled, and says when one arrives: an operation
/// in flight for as long as the test wants, without a delay on the server.
struct HoldingInterceptor: GraphQLInterceptor {
    let arrived: AsyncStream<Void>.Continuation

    func intercept<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
    ) async throws -> GraphQLResult<Operation.Data> {
        arrived.yield()
        // A stream nobody writes to: iterating it returns only when the task is cancelled.
        let (held, holder) = AsyncStream<Void>.makeStream()
        for await _ in held {}
        withExtendedLifetime(holder) {}
        try Task.checkCancellation()
        return try await next(request)
    }
}
