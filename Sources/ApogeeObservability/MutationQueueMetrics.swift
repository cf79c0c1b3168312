import Apogee
import CoreMetrics
import Foundation

/// Records a durable `MutationQueue` through swift-metrics: its steps as counters, as the
/// queue's observer, and its depth and the age of its oldest mutation as gauges, sampled from
/// storage.
///
/// ```swift
/// let metrics = MutationQueueMetrics()
/// let queue = MutationQueue(client: client, storage: storage, configuration: .init(observer: metrics))
/// let sampling = metrics.recordDepth(of: queue, every: .seconds(15))
/// ```
///
/// Counters carry the operation's name (`graphql.operation.name`) and nothing else by
/// default: queue names are often per entity (`order-42`), too many for a metrics backend and
/// sometimes an identifier; ``includesQueueNames`` adds them as `apogee.queue.name`. No
/// variable or response goes into any metric.
///
/// ## Topics
/// ### Recording
/// - ``init(factory:labels:includesQueueNames:)``
/// - ``observe(_:)``
/// - ``recordDepth(of:)``
/// - ``recordDepth(of:every:)``
public struct MutationQueueMetrics: MutationQueueObserver {
    /// Where the metrics go.
    public let factory: any MetricsFactory
    /// The metrics' names.
    public let labels: MetricLabels
    /// Whether counters carry the queue's name as a dimension.
    public let includesQueueNames: Bool

    /// Creates the recorder.
    /// - Parameters:
    ///   - factory: The metrics backend; the one bootstrapped in `MetricsSystem` by default.
    ///   - labels: The metrics' names.
    ///   - includesQueueNames: Whether counters carry the queue's name too.
    public init(factory: any MetricsFactory = MetricsSystem.factory, labels: MetricLabels = MetricLabels(), includesQueueNames: Bool = false) {
        self.factory = factory
        self.labels = labels
        self.includesQueueNames = includesQueueNames
    }

    /// Counts one step of the queue's work.
    public func observe(_ event: MutationQueueEvent) {
        var dimensions = [("graphql.operation.name", event.operationName)]
        if includesQueueNames { dimensions.append(("apogee.queue.name", event.queue)) }
        let label: String = switch event.kind {
        case .enqueued: labels.queueEnqueued
        case .attemptStarted: labels.queueAttempts
        case .retryScheduled: labels.queueRetries
        case .delivered: labels.queueDelivered
        case .gaveUp: labels.queueGiveUps
        case .cancelled: labels.queueCancellations
        }
        Counter(label: label, dimensions: dimensions, factory: factory).increment()
    }

    /// Samples the queue's storage once: how many mutations are pending, and how long the
    /// oldest has waited. Over shared storage this is the whole fleet's queue.
    /// - Throws: What the storage throws; the gauges keep their last values then.
    public func recordDepth(of queue: MutationQueue) async throws {
        let pending = try await queue.storage.pendingMutations()
        Gauge(label: labels.queueDepth, factory: factory).record(pending.count)
        let oldest = pending.lazy.map(\.enqueuedAt).min()
        Gauge(label: labels.queueOldestPendingAge, factory: factory).record(oldest.map { max(0, Date().timeIntervalSince($0)) } ?? 0)
    }

    /// Samples the queue's storage now and every `interval`, until the task is cancelled. A
    /// sample that storage fails is skipped.
    public func recordDepth(of queue: MutationQueue, every interval: Duration) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                try? await recordDepth(of: queue)
                do { try await Task.sleep(for: interval) } catch { return }
            }
        }
    }
}
