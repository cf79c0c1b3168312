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
        /// Over shared storage, how long a claim holds unless its worker renews it. A worker
        /// renews its claim every ``leaseRenewalInterval`` while the request is out, so a live
        /// worker keeps it through a request of any length, and the queue of a worker that
        /// dies is claimed again within one lease (and an idle worker's poll interval).
        public var lease: Duration
        /// Over shared storage, how often an idle worker looks for mutations other processes
        /// queued; a mutation queued in this process wakes it at once.
        public var pollInterval: Duration
        /// Over shared storage, how many queues this process delivers at once; `0` for a
        /// process that only queues mutations (and may await them) while others deliver.
        public var concurrentDeliveries: Int
        /// Over shared storage, how many mutations of one queue a worker claims at once: the
        /// queue's head and those behind it, delivered one after another in order and settled
        /// together with the next claim, one storage round trip per batch rather than one per
        /// mutation. A mutation that a caller in this process awaits is settled as soon as it
        /// is delivered; one that a caller elsewhere awaits is seen settled after its batch.
        /// `1` claims and settles one at a time. Eight by default.
        public var claimBatchSize: Int = 8 {
            didSet { claimBatchSize = max(1, claimBatchSize) }
        }
        /// Hears each step of the queue's work: `MutationQueueMetrics` of ApogeeObservability
        /// records them as metrics.
        public var observer: (any MutationQueueObserver)?

        /// Over shared storage, how often a worker renews the claim it delivers: three fifths
        /// of the ``lease``, so a renewal has two fifths of a lease to reach storage, and a dead
        /// worker's claim runs out within five thirds of an interval of its last renewal: its
        /// queue is claimed again within two intervals, an idle worker's poll included.
        public var leaseRenewalInterval: Duration {
            max(lease * 3 / 5, .milliseconds(1))
        }

        /// Creates a configuration: by default 250 ms doubling up to 30 s, with jitter; over
        /// shared storage, 6 s leases renewed every 3.6 s, a look every second and four queues
        /// at once.
        public init(
            retryPolicy: RetryPolicy = RetryPolicy(initialDelay: .milliseconds(250), maximumDelay: .seconds(30), jitter: 0.2),
            sleeper: any Sleeper = TaskSleeper(),
            workerName: String = "apogee-" + UUID().uuidString,
            lease: Duration = .seconds(6),
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
