import ApogeeAPI

/// An outcome that arrives once, for one caller to await: the first `finish` wins, later ones
/// are ignored, and a waiter that comes after the outcome gets it at once.
package final class OneShotSignal<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var outcome: Result<Value, any Error>?
    }

    private let state = Locked(State())

    /// A signal whose outcome has not arrived yet.
    package init() {}

    /// Waits for the outcome.
    package func wait() async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let outcome = state.withLock { state -> Result<Value, any Error>? in
                if state.outcome == nil { state.continuation = continuation }
                return state.outcome
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    /// Sets the outcome, unless one was set before.
    package func finish(_ outcome: Result<Value, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(with: outcome)
    }
}
