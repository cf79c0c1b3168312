import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Connects a Swift task's cancellation to the `URLSessionTask` that carries its request.
///
/// Cancellation can arrive before the task exists (the handler runs at once when the Swift
/// task is already cancelled), so a cancel that comes first is remembered and applied when
/// the task starts.
final class DataTaskHandle: Sendable {
    private enum State {
        case waiting
        case running(URLSessionTask)
        case cancelled
    }

    private let state = Locked(State.waiting)

    /// Starts the task, or cancels it at once if cancellation came first.
    func start(_ task: URLSessionTask) {
        let cancelled = state.withLock { state in
            if case .cancelled = state { return true }
            state = .running(task)
            return false
        }
        if cancelled { task.cancel() }
        task.resume()
    }

    /// Cancels the task, now or when it starts.
    func cancel() {
        let task: URLSessionTask? = state.withLock { state in
            defer { state = .cancelled }
            if case .running(let task) = state { return task }
            return nil
        }
        task?.cancel()
    }
}
