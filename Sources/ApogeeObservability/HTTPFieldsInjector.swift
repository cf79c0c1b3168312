import HTTPTypes
import Tracing

/// Writes what an instrument propagates (W3C `traceparent` and `tracestate`, or its own
/// fields) into a request's header fields.
///
/// A value replaces any field of the same name: a request run again after `RestartChain`
/// carries the context of its new span, not that one and the old one.
struct HTTPFieldsInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout HTTPFields) {
        // A name an instrument made up that HTTP cannot carry is dropped, as a header cannot
        // be sent with it.
        guard let name = HTTPField.Name(key) else { return }
        carrier[name] = value
    }
}
