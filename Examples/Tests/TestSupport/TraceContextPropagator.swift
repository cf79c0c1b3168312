@testable import ApogeeAPI
import InMemoryTracing
import Tracing

/// A W3C Trace Context instrument for the in-memory tracer's spans: what a real tracer's
/// propagator does, so that tests see `traceparent` (and `tracestate`) reach the server.
///
/// The tracer must make W3C-shaped ids (``InMemoryTracer/IDGenerator/w3c``): the header is
/// `00-<trace id>-<span id>-01`, read straight from the span's context.
package struct TraceContextPropagator: Instrument {
    /// A propagator.
    package init() {}

    package func inject<Carrier, Inject: Injector>(_ context: ServiceContext, into carrier: inout Carrier, using injector: Inject) where Inject.Carrier == Carrier {
        guard let span = context.inMemorySpanContext else { return }
        injector.inject("00-\(span.traceID)-\(span.spanID)-01", forKey: "traceparent", into: &carrier)
        if let state = context.traceState {
            injector.inject(state, forKey: "tracestate", into: &carrier)
        }
    }

    package func extract<Carrier, Extract: Extractor>(_ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract) where Extract.Carrier == Carrier {}
}

extension ServiceContext {
    /// The vendor's `tracestate` the propagator sends along, when the test sets one.
    package var traceState: String? {
        get { self[TraceStateKey.self] }
        set { self[TraceStateKey.self] = newValue }
    }
}

private enum TraceStateKey: ServiceContextKey {
    typealias Value = String
}

extension InMemoryTracer.IDGenerator {
    /// Ids of the W3C shape, counting up: 32 hex digits for a trace, 16 for a span.
    package static var w3c: Self {
        let traces = Locked(0)
        let spans = Locked(0)
        return Self(
            nextTraceID: { hex(traces.withLock { $0 += 1; return $0 }, digits: 32) },
            nextSpanID: { hex(spans.withLock { $0 += 1; return $0 }, digits: 16) }
        )
    }

    private static func hex(_ value: Int, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
