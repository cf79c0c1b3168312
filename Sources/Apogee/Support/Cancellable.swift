/// Work in progress that a completion-handler call started: a request, a watch, a
/// subscription or an upload.
///
/// Every handle follows one rule, a `Task`'s: the work runs until it ends or ``cancel()`` is
/// called. Releasing the handle does not stop it, so `client.perform(mutation:) { … }` may
/// ignore what it returns, while a watch or a subscription, which never ends by itself, must
/// be cancelled when its results are no longer wanted. The async forms need no handle: their
/// work stops when the task that awaits or iterates them is cancelled.
public protocol Cancellable: Sendable {
    /// Stops the work; its handler then gets `CancellationError`, unless it already finished.
    /// Cancelling again does nothing.
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
