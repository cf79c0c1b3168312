import Apogee
import ApogeeAPI

/// A `Sleeper` that records the delays it is asked for and returns at once, so tests of
/// retry backoff see every delay without waiting for any.
///
/// ```swift
/// let sleeper = RecordingSleeper()
/// let retry = RetryInterceptor(policy: RetryPolicy(jitter: 0), sleeper: sleeper)
/// // … run a request that fails …
/// #expect(sleeper.requestedDelays == [.milliseconds(200), .milliseconds(400)])
/// ```
public final class RecordingSleeper: Sleeper, Sendable {
    private let delays = Locked<[Duration]>([])

    /// Creates a sleeper with no recorded delays.
    public init() {}

    /// The delays asked for so far, in order.
    public var requestedDelays: [Duration] {
        delays.withLock { $0 }
    }

    /// Records the delay and returns without waiting; throws `CancellationError` when the task
    /// is cancelled, as a real sleep would.
    public func sleep(for duration: Duration) async throws {
        delays.withLock { $0.append(duration) }
        try Task.checkCancellation()
        await Task.yield()
    }
}
