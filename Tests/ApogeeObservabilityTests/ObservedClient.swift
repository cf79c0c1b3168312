import Apogee
import Foundation
import ApogeeExampleServer
import ApogeeObservability
import InMemoryTracing
import TestSupport
import Tracing

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
    /// scripted fault is answered once) is observed with both.
    func client(
        of endpoint: URL,
        base: DefaultInterceptorProvider = DefaultInterceptorProvider(retry: nil),
        tracing: TracingInterceptor.Configuration = .init()
    ) -> ApogeeClient {
        ApogeeClient(url: endpoint, interceptorProvider: base.observed(metrics: metricsInterceptor, tracing: tracingInterceptor(tracing)))
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

/// Sets one header field on every request, as an app's own interceptor would.
struct HeaderInterceptor: GraphQLInterceptor {
    let name: HTTPField.Name
    let value: String

    func intercept<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
    ) async throws -> GraphQLResult<Operation.Data> {
        var request = request
        request.headers[name] = value
        return try await next(request)
    }
}
