import ApogeeAPI
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// Runs the task that `makeTask` creates until it completes, cancelling it when the calling
    /// Swift task is cancelled.
    ///
    /// FoundationNetworking's own async methods (`data(for:)`, `upload(for:fromFile:)`) can
    /// deadlock on Linux when the Swift task is cancelled just as the request completes: their
    /// cancellation handler runs while the task's status is locked and waits for the session's
    /// queue, which is busy resuming that same task. Here the handler only schedules the cancel
    /// on another queue, so it never waits.
    func runTask(
        _ makeTask: (@escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionTask
    ) async throws -> (Data, URLResponse) {
        let handle = CancellableTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = makeTask { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }
}

/// The task of one ``URLSession/runTask(_:)`` call, and whether it was cancelled before it
/// existed (a cancellation handler runs at once when the Swift task is already cancelled).
private final class CancellableTaskHandle: Sendable {
    private struct State {
        var task: URLSessionTask?
        var isCancelled = false
    }

    private let state = Locked(State())

    func start(_ task: URLSessionTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        task.resume()
        if cancelled { Self.cancelLater(task) }
    }

    func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        if let task { Self.cancelLater(task) }
    }

    private static func cancelLater(_ task: URLSessionTask) {
        DispatchQueue.global().async { task.cancel() }
    }
}
