import Apogee
import ApogeeAPI
import Tracing

/// Ends an operation's span with its outcome: what the results said, or the failure.
///
/// A subscription's results arrive over time, so what they said is gathered here until the
/// stream ends.
struct SpanEnding: Sendable {
    let span: any Span
    let configuration: TracingInterceptor.Configuration
    private let errors = Locked<(count: Int, messages: [String])>((0, []))

    init(span: any Span, configuration: TracingInterceptor.Configuration) {
        self.span = span
        self.configuration = configuration
    }

    /// Takes note of one result: its HTTP status and its GraphQL errors.
    func note<Data>(_ result: GraphQLResult<Data>) {
        if let head = result.httpResponse {
            span.attributes["http.response.status_code"] = head.status.code
        }
        guard let resultErrors = result.errors, !resultErrors.isEmpty else { return }
        let keepsMessages = configuration.recordsErrorDetails
        errors.withLock { errors in
            errors.count += resultErrors.count
            if keepsMessages { errors.messages += resultErrors.map(\.message) }
        }
    }

    /// Ends the span: with an error status when a result had GraphQL errors.
    func end() {
        let (count, messages) = errors.withLock { $0 }
        if count > 0 {
            span.attributes["graphql.errors.count"] = count
            span.attributes["error.type"] = "graphql_errors"
            let message = configuration.recordsErrorDetails ? messages.joined(separator: "; ") : "\(count) GraphQL error(s)"
            span.setStatus(SpanStatus(code: .error, message: message))
        }
        span.end()
    }

    /// Ends the span for an operation that failed without a result.
    func end(failingWith error: any Error) {
        switch OperationOutcome(error) {
        case .chainRestarted:
            // Not a failure: the chain runs again, under a span of its own.
            span.attributes["apogee.chain_restarted"] = true
        case .cancelled:
            span.attributes["apogee.cancelled"] = true
        default:
            let type = OperationOutcome.errorType(of: error)
            span.attributes["error.type"] = type
            if configuration.recordsErrorDetails {
                span.recordError(error)
                span.setStatus(SpanStatus(code: .error, message: "\(error)"))
            } else {
                span.setStatus(SpanStatus(code: .error, message: type))
            }
        }
        span.end()
    }
}
