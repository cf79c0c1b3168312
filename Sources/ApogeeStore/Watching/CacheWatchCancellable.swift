/// Stops a watch started with a callback.
///
/// Like Combine's `AnyCancellable`, it also cancels the watch when it is released, so a
/// watch cannot outlive whoever keeps this: keep it for as long as results are wanted.
public final class CacheWatchCancellable: Sendable {
    private let task: Task<Void, Never>

    init(task: Task<Void, Never>) {
        self.task = task
    }

    deinit {
        task.cancel()
    }

    /// Stops delivery and releases the watcher. Cancelling again does nothing.
    public func cancel() {
        task.cancel()
    }

    /// Whether the watch was cancelled.
    public var isCancelled: Bool { task.isCancelled }
}
