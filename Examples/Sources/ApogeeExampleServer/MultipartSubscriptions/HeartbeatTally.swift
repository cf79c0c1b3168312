import NIOConcurrencyHelpers

/// How many heartbeats the server's multipart subscriptions have sent, and the tests that wait
/// for a number of them (woken by the heartbeat that reaches it; no polling).
final class HeartbeatTally: Sendable {
    private struct State {
        var count = 0
        var waiters: [Int: (atLeast: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
        /// Waiters cancelled before they were registered.
        var cancelled: Set<Int> = []
        var nextID = 0
    }

    private let state = NIOLockedValueBox(State())

    var count: Int { state.withLockedValue { $0.count } }

    /// Counts one heartbeat written.
    func increment() {
        let ready = state.withLockedValue { state -> [CheckedContinuation<Void, Never>] in
            state.count += 1
            let count = state.count
            let ready = state.waiters.filter { $0.value.atLeast <= count }
            for id in ready.keys { state.waiters[id] = nil }
            return ready.values.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once at least `count` heartbeats were sent, or when the calling task is cancelled.
    func wait(atLeast count: Int) async {
        let id = state.withLockedValue { state -> Int in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLockedValue { state -> Bool in
                    if state.cancelled.remove(id) != nil || state.count >= count { return true }
                    state.waiters[id] = (count, continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
                guard let waiter = state.waiters.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return waiter.continuation
            }
            waiter?.resume()
        }
        state.withLockedValue { _ = $0.cancelled.remove(id) }
    }
}
