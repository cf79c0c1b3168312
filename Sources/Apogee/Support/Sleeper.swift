/// Waits, for backoff between retries.
///
/// The retry interceptor asks a sleeper rather than the clock, so that tests can see the delays
/// it asks for without waiting (`ApogeeTesting`'s `RecordingSleeper`).
public protocol Sleeper: Sendable {
    /// Waits for `duration`, or throws `CancellationError` when the task is cancelled first.
    func sleep(for duration: Duration) async throws
}

/// Sleeps with `Task.sleep`.
public struct TaskSleeper: Sleeper {
    /// Creates a sleeper.
    public init() {}

    /// Sleeps with `Task.sleep(for:)`.
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
