import Foundation

/// One step of a durable queue's work, as its ``MutationQueueObserver`` hears it: for metrics
/// (`MutationQueueMetrics` in ApogeeObservability), logs or tests.
///
/// An event names the operation and the queue, never the variables or the response.
public struct MutationQueueEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// A mutation was queued in this process.
        case enqueued
        /// An attempt began: the mutation may reach the server from now on. Its ``attempts``
        /// count this one.
        case attemptStarted
        /// An attempt failed in a way that may pass (no connection, a 5xx or 429 status); the
        /// mutation stays at the head of its queue and is tried again after `delay`.
        case retryScheduled(delay: Duration)
        /// The server answered, with data or GraphQL errors; the mutation left the queue.
        case delivered
        /// The mutation was given up without a GraphQL answer (a status or a response that
        /// sending again would not change); it left the queue.
        case gaveUp
        /// The mutation was cancelled before it was sent; it left the queue.
        case cancelled
    }

    /// What happened.
    public var kind: Kind
    /// The mutation's operation name.
    public var operationName: String
    /// The queue it is in.
    public var queue: String
    /// How many attempts had begun by the time of the event.
    public var attempts: Int

    /// Makes an event.
    public init(_ kind: Kind, operationName: String, queue: String, attempts: Int) {
        self.kind = kind
        self.operationName = operationName
        self.queue = queue
        self.attempts = attempts
    }
}

/// Hears each step of a durable queue's work (``MutationQueue/Configuration/observer``).
///
/// Called on the queue's own executor, between its steps: keep it quick, and hand anything
/// slow to a task of its own.
public protocol MutationQueueObserver: Sendable {
    /// One step of the queue's work.
    func observe(_ event: MutationQueueEvent)
}
