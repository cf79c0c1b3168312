/// Something in progress that can be stopped, returned by the completion-handler forms of
/// the client's methods.
public protocol Cancellable: Sendable {
    /// Stops the work; its handler then gets `CancellationError`, unless it already finished.
    func cancel()
}

/// A `Task` is the work behind each completion-handler call.
extension Task: Cancellable {}
