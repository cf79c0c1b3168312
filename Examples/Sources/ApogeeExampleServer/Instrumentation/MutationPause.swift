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
        /// Waits for a number of held mutations, resumed when that many are held.
        var heldWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// Takes out the waiters whose count the held mutations now reach.
        mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            let satisfied = heldWaiters.filter { held.count >= $0.count }.map(\.continuation)
            heldWaiters.removeAll { held.count >= $0.count }
            return satisfied
        }
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

    /// Returns once at least `count` mutations are held: at once if they are, otherwise right
    /// after the arrival that makes it so.
    func waitForHeld(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let reached = state.withLockedValue { state -> Bool in
                guard state.held.count < count else { return true }
                state.heldWaiters.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
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
                let (passes, satisfied) = state.withLockedValue { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    guard state.isHolding, state.cancelled.remove(id) == nil else { return (true, []) }
                    state.held[id] = continuation
                    return (false, state.takeSatisfiedWaiters())
                }
                for waiter in satisfied { waiter.resume() }
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
