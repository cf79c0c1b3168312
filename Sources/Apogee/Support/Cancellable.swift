/// Something in progress that can be stopped, returned by the completion-handler forms of
/// the client's methods.
public protocol Cancellable: Sendable {
    /// Stops the work; its handler then gets `CancellationError`, unless it already finished.
    func cancel()
}

/// The task behind a completion-handler call, as the ``Cancellable`` the call returns.
///
/// A wrapper, not a conformance of `Task` itself: that conformance would be public API,
/// and every `Task` in an app that imports Apogee would become a `Cancellable`.
struct TaskCancellable: Cancellable {
    private let cancelTask: @Sendable () -> Void

    init<Success: Sendable, Failure: Error>(_ task: Task<Success, Failure>) {
        cancelTask = { task.cancel() }
    }

    func cancel() {
        cancelTask()
    }
}
