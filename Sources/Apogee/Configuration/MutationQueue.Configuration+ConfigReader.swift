import Configuration

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension MutationQueue.Configuration {
    /// Reads the settings from swift-configuration's `ConfigReader`, with the defaults of
    /// ``init(retryPolicy:sleeper:workerName:lease:pollInterval:concurrentDeliveries:observer:)``
    /// for the keys it does not hold. A fleet reads its workers' settings this way, each
    /// process from its own environment:
    ///
    /// ```swift
    /// // OUTBOX_WORKER_NAME=billing-7 OUTBOX_LEASE=10 OUTBOX_RETRY_MAXIMUM_DELAY=60
    /// let config = ConfigReader(provider: EnvironmentVariablesProvider())
    /// let queue = MutationQueue(client: client, storage: outbox, configuration: try .init(configReader: config.scoped(to: "outbox")))
    /// ```
    ///
    /// ## Keys
    /// - `workerName` (text): ``workerName``.
    /// - `lease` (seconds above 0): ``lease``.
    /// - `pollInterval` (seconds above 0): ``pollInterval``.
    /// - `concurrentDeliveries` (a whole number): ``concurrentDeliveries``.
    /// - `claimBatchSize` (a whole number, 1 or more): ``claimBatchSize``.
    /// - `retry.initialDelay`, `retry.maximumDelay` (seconds), `retry.multiplier` (a number, 1 or
    ///   more), `retry.jitter` (0 to 1): the backoff between attempts, ``retryPolicy``.
    ///
    /// - Throws: ``ConfigurationValueError`` for a key whose value cannot be used.
    public init(configReader: ConfigReader) throws(ConfigurationValueError) {
        self.init()
        if let name = try configReader.text("workerName") { workerName = name }
        if let lease = try configReader.seconds("lease", allowsZero: false) { self.lease = lease }
        if let interval = try configReader.seconds("pollInterval", allowsZero: false) { pollInterval = interval }
        if let deliveries = try configReader.count("concurrentDeliveries") { concurrentDeliveries = deliveries }
        if let batchSize = try configReader.count("claimBatchSize", minimum: 1) { claimBatchSize = batchSize }
        if let initial = try configReader.seconds("retry.initialDelay") { retryPolicy.initialDelay = initial }
        if let maximum = try configReader.seconds("retry.maximumDelay") { retryPolicy.maximumDelay = maximum }
        if let multiplier = try configReader.number("retry.multiplier", expected: "a number, 1 or more", isValid: { $0 >= 1 }) {
            retryPolicy.multiplier = multiplier
        }
        if let jitter = try configReader.number("retry.jitter", expected: "a number from 0 to 1", isValid: { (0...1).contains($0) }) {
            retryPolicy.jitter = jitter
        }
    }
}
