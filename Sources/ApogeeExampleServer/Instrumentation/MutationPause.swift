import ApogeeAPI
import NIOConcurrencyHelpers

/// What stands between a mutation and its resolver: a fixed delay, and a hold that tests
/// close and open, so that they order requests by events instead of by a clock.
final class MutationPause: Sendable {
    private struct State {
        var delay: Duration
        var isHolding = false
        var held: [Int: CheckedContinuation<Void, Never>] = [:]
        /// Requests cancelled before their wait was registered, so registration lets them pass.
        var cancelled: Set<Int> = []
        var nextID = 0
    }

    private let state: NIOLockedValueBox<State>

    init(delay: Duration) {
        state = NIOLockedValueBox(State(delay: delay))
    }

    /// Changes the delay of mutations that arrive from now on.
    func setDelay(_ delay: Duration) {
        state.withLockedValue { $0.delay = delay }
    }

    /// Makes mutations that arrive from now on wait until ``release()``.
    func hold() {
        state.withLockedValue { $0.isHolding = true }
    }

    /// Lets every held mutation through, and stops holding new ones.
    func release() {
        let held = state.withLockedValue { state -> [CheckedContinuation<Void, Never>] in
            state.isHolding = false
            defer { state.held.removeAll() }
            return Array(state.held.values)
        }
        for continuation in held { continuation.resume() }
    }

    /// Waits while the hold is closed, then for the delay. A request cancelled meanwhile (its
    /// client went away) stops waiting at once.
    func wait() async {
        let id = state.withLockedValue { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let passes = state.withLockedValue { state -> Bool in
                    guard state.isHolding, state.cancelled.remove(id) == nil else { return true }
                    state.held[id] = continuation
                    return false
                }
                if passes { continuation.resume() }
            }
        } onCancel: {
            let held = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
                guard let continuation = state.held.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return continuation
            }
            held?.resume()
        }
        state.withLockedValue { _ = $0.cancelled.remove(id) }
        let delay = state.withLockedValue { $0.delay }
        if delay > .zero {
            try? await Task.sleep(for: delay)
        }
    }
}
