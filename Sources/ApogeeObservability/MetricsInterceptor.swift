import Apogee
import ApogeeAPI
import CoreMetrics

/// Records each operation through swift-metrics: how many are sent, how they end, how long
/// they take and how often they are retried.
///
/// Every metric carries two dimensions and no others: the operation's name
/// (`graphql.operation.name`) and its kind (`graphql.operation.type`: `query`, `mutation` or
/// `subscription`). Variables, header fields and response data never become dimensions: they
/// may hold credentials or personal data, and each distinct value would be a series of its own.
///
/// Place it first in the chain, before `RetryInterceptor`, so that an operation counts once
/// however many attempts it takes and its duration includes them; retries and bytes are
/// counted by its ``attempts`` interceptor, placed right after `RetryInterceptor`.
/// `InterceptorProvider.observed(metrics:tracing:)` places both.
///
/// What is recorded (names from ``MetricLabels``):
/// - `requests`, once per operation;
/// - for each result (each event of a subscription, each part of an incremental delivery),
///   `results.data` or `results.graphql_errors`;
/// - when the operation fails without a result, `failures.transport` (or
///   `failures.cancelled` when the caller cancelled it);
/// - `duration`, a timer from sending to the first result or to the failure before it.
///
/// When an interceptor restarts the chain (`RestartChain`), the operation counts once, and
/// its outcome and duration are those of the run that ends it.
public struct MetricsInterceptor: GraphQLStreamInterceptor {
    /// Where the metrics go.
    public let factory: any MetricsFactory
    /// The metrics' names.
    public let labels: MetricLabels

    /// Creates the interceptor.
    /// - Parameters:
    ///   - factory: The metrics backend; the one bootstrapped in `MetricsSystem` by default.
    ///   - labels: The metrics' names.
    public init(factory: any MetricsFactory = MetricsSystem.factory, labels: MetricLabels = MetricLabels()) {
        self.factory = factory
        self.labels = labels
    }

    /// The interceptor to place right after `RetryInterceptor`, which counts this one's
    /// retries and bytes into the same backend.
    public var attempts: AttemptMetricsInterceptor {
        AttemptMetricsInterceptor(operations: self)
    }

    /// Counts the operation, passes it on with a tally for the attempts, and records how it
    /// ends.
    public func interceptStream<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data> {
        let metrics = OperationMetrics(Operation.self, factory: factory, labels: labels)
        if request.context.chainRestarts == 0 {
            metrics.count(\.requests)
        }
        var request = request
        request.context[AttemptTallyKey.self] = AttemptTally()
        let start = ContinuousClock.now
        let recordFailure = { (error: any Error) in record(OperationOutcome(error), of: metrics, since: start) }
        let stream = try await observingFailure(recordFailure) { try await next(request) }
        let firstResult = Locked(true)
        return stream.watched(
            onResult: { result in
                let isFirst = firstResult.withLock { isFirst in
                    defer { isFirst = false }
                    return isFirst
                }
                if isFirst { metrics.time(\.duration, ContinuousClock.now - start) }
                metrics.count(OperationOutcome(result))
            },
            onEnd: { end in
                guard case .failed(let error) = end else { return }
                // Failed before its first result: the failure ends the timed wait for it.
                if firstResult.withLock({ $0 }) {
                    record(OperationOutcome(error), of: metrics, since: start)
                } else {
                    metrics.count(OperationOutcome(error))
                }
            }
        )
    }

    private func record(_ outcome: OperationOutcome, of metrics: OperationMetrics, since start: ContinuousClock.Instant) {
        guard outcome != .chainRestarted else { return }
        metrics.count(outcome)
        metrics.time(\.duration, ContinuousClock.now - start)
    }
}
