import Apogee
import ApogeeAPI
import HTTPTypes
import Tracing

/// Traces each operation through swift-distributed-tracing: one client span per operation,
/// whose context travels to the server in the request's header fields.
///
/// The span is named after the operation and carries its name (`graphql.operation.name`) and
/// kind (`graphql.operation.type`); it starts as a child of the task's current
/// `ServiceContext`, when there is one, and is current while the rest of the chain runs, so
/// the HTTP stack's own spans, if it makes any, are its children. Its context is injected into
/// the request's header fields by the propagating instrument: a W3C Trace Context instrument
/// writes `traceparent` (and `tracestate` when the context has one), and the server joins the
/// trace.
///
/// A span ends with its operation: with an error status when the operation failed without a
/// result or its result has GraphQL errors; a subscription's span lasts until its stream
/// ends or the caller stops reading it. Variables, response data and error messages are left
/// out unless ``Configuration`` asks for them; header fields never become attributes.
///
/// Place it first in the chain, before `RetryInterceptor`, so that one span covers every
/// attempt and each attempt carries its context; `InterceptorProvider.observed(metrics:tracing:)`
/// does.
public struct TracingInterceptor: GraphQLStreamInterceptor {
    /// Makes the spans.
    public let tracer: any Tracer
    /// Writes the span's context into the request's header fields.
    public let propagator: any Instrument
    /// What spans may carry beyond the operation's name and kind.
    public let configuration: Configuration

    /// Creates the interceptor.
    /// - Parameters:
    ///   - tracer: Makes the spans; the one bootstrapped in `InstrumentationSystem` by default.
    ///   - propagator: Writes the span's context into the request; the tracer itself by
    ///     default, as tracers propagate their own contexts.
    ///   - configuration: What spans may carry beyond the operation's name and kind.
    public init(
        tracer: any Tracer = InstrumentationSystem.tracer,
        propagator: (any Instrument)? = nil,
        configuration: Configuration = Configuration()
    ) {
        self.tracer = tracer
        self.propagator = propagator ?? tracer
        self.configuration = configuration
    }

    /// Starts the operation's span, sends the request with the span's context in its header
    /// fields, and ends the span with the outcome.
    public func interceptStream<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data> {
        let span = tracer.startSpan(Operation.operationName, context: ServiceContext.current ?? .topLevel, ofKind: .client)
        let configuration = configuration
        span.updateAttributes { attributes in
            for (name, value) in OperationDimensions.of(Operation.self) {
                attributes[name] = value
            }
            if configuration.recordsVariables {
                for variable in request.body.variables {
                    attributes["graphql.variables.\(variable.name)"] = String(describing: variable.value)
                }
            }
        }
        var request = request
        propagator.inject(span.context, into: &request.headers, using: HTTPFieldsInjector())
        let ending = SpanEnding(span: span, configuration: configuration)
        let stream = try await observingFailure(ending.end(failingWith:)) {
            try await ServiceContext.withValue(span.context) { try await next(request) }
        }
        return stream.watched(
            onResult: { result in ending.note(result) },
            onEnd: { end in
                switch end {
                case .finished, .abandoned: ending.end()
                case .failed(let error): ending.end(failingWith: error)
                }
            }
        )
    }
}
