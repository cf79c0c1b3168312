extension MutationQueue {
    /// How a queue waits between attempts.
    public struct Configuration: Sendable {
        /// The backoff between attempts after a transport failure. A queued mutation is
        /// retried until it is delivered, so the policy's `maximumAttempts` is not used; its
        /// delays grow up to `maximumDelay` and stay there.
        public var retryPolicy: RetryPolicy
        /// Waits out the backoff; a test passes a recording sleeper to see the delays.
        public var sleeper: any Sleeper

        /// Creates a configuration: by default 250 ms doubling up to 30 s, with jitter.
        public init(
            retryPolicy: RetryPolicy = RetryPolicy(initialDelay: .milliseconds(250), maximumDelay: .seconds(30), jitter: 0.2),
            sleeper: any Sleeper = TaskSleeper()
        ) {
            self.retryPolicy = retryPolicy
            self.sleeper = sleeper
        }
    }
}
