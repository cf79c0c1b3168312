import ApogeeAPI
import CoreMetrics

/// The metrics of one operation, made from a factory under the operation's dimensions.
///
/// Metric objects are made as they are needed: the factory (a backend) keeps one handler per
/// label and dimensions, so making them again costs a lookup and keeps no state here.
struct OperationMetrics: Sendable {
    let factory: any MetricsFactory
    let labels: MetricLabels
    let dimensions: [(String, String)]

    init<Operation: GraphQLOperation>(_ operation: Operation.Type, factory: any MetricsFactory, labels: MetricLabels) {
        self.factory = factory
        self.labels = labels
        self.dimensions = OperationDimensions.of(operation)
    }

    /// Adds `amount` to the counter `label`.
    func count(_ label: KeyPath<MetricLabels, String>, by amount: Int = 1) {
        Counter(label: labels[keyPath: label], dimensions: dimensions, factory: factory).increment(by: amount)
    }

    /// Records one duration in the timer `label`.
    func time(_ label: KeyPath<MetricLabels, String>, _ duration: Duration) {
        CoreMetrics.Timer(label: labels[keyPath: label], dimensions: dimensions, factory: factory)
            .recordNanoseconds(duration.nanoseconds)
    }

    /// Counts the outcome of one result or failure.
    func count(_ outcome: OperationOutcome) {
        switch outcome {
        case .data: count(\.dataResults)
        case .graphQLErrors: count(\.graphQLErrorResults)
        case .transportError: count(\.transportErrors)
        case .cancelled: count(\.cancellations)
        case .chainRestarted: break
        }
    }
}

extension Duration {
    /// The duration in whole nanoseconds, clamped to what an `Int64` holds.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        return whole.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }
}
