import Foundation

extension MutationQueue {
    /// How a queue waits between attempts.
    public struct Configuration: Sendable {
        /// The backoff between attempts after a transport failure. A queued mutation is
        /// retried until it is delivered, so the policy's `maximumAttempts` is not used; its
        /// delays grow up to `maximumDelay` and stay there.
        public var retryPolicy: RetryPolicy
        /// Waits out the backoff; a test passes a recording sleeper to see the delays.
        public var sleeper: any Sleeper

        /// Over shared storage (`SharedMutationQueueStorage`), how this process is told from
        /// the others in claims; unique by default.
        public var workerName: String
        /// Over shared storage, how long a claim holds: longer than a request can take, so
        /// that a live worker keeps it, and short enough that a dead worker's queue does not
        /// wait long.
        public var lease: Duration
        /// Over shared storage, how often an idle worker looks for mutations other processes
        /// queued; a mutation queued in this process wakes it at once.
        public var pollInterval: Duration
        /// Over shared storage, how many queues this process delivers at once; `0` for a
        /// process that only queues mutations (and may await them) while others deliver.
        public var concurrentDeliveries: Int
        /// Hears each step of the queue's work: `MutationQueueMetrics` of ApogeeObservability
        /// records them as metrics.
        public var observer: (any MutationQueueObserver)?

        /// Creates a configuration: by default 250 ms doubling up to 30 s, with jitter; over
        /// shared storage, 60 s leases, a look every second and four queues at once.
        public init(
            retryPolicy: RetryPolicy = RetryPolicy(initialDelay: .milliseconds(250), maximumDelay: .seconds(30), jitter: 0.2),
            sleeper: any Sleeper = TaskSleeper(),
            workerName: String = "apogee-" + UUID().uuidString,
            lease: Duration = .seconds(60),
            pollInterval: Duration = .seconds(1),
            concurrentDeliveries: Int = 4,
            observer: (any MutationQueueObserver)? = nil
        ) {
            self.retryPolicy = retryPolicy
            self.sleeper = sleeper
            self.workerName = workerName
            self.lease = lease
            self.pollInterval = pollInterval
            self.concurrentDeliveries = max(0, concurrentDeliveries)
            self.observer = observer
        }
    }
}
