import ApogeeAPI
import NIOConcurrencyHelpers

/// The server's record of streaming events, the count of running sources, and the tests that
/// wait for a condition on the record.
///
/// Every change runs the waiting conditions under the same lock that appends, so a waiter
/// never misses the event that satisfies it and nobody polls.
final class SubscriptionLog: Sendable {
    private struct Waiter {
        let condition: @Sendable (_ events: [SubscriptionEvent], _ activeCount: Int) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var events: [SubscriptionEvent] = []
        var activeCount = 0
        var openedSocketCount = 0
        var waiters: [Int: Waiter] = [:]
        /// Waiters cancelled before they were registered, so registration resumes them at once.
        var cancelledWaiters: Set<Int> = []
        var nextWaiterID = 0
        /// The last number given to an operation without an id, by prefix.
        var streamNumbers: [String: Int] = [:]
    }

    private let state = NIOLockedValueBox(State())
    /// Whether events are kept; the counts are kept either way.
    private let recordsEvents: Bool

    init(recordsEvents: Bool = true) {
        self.recordsEvents = recordsEvents
    }

    var events: [SubscriptionEvent] { state.withLockedValue { $0.events } }

    var activeCount: Int { state.withLockedValue { $0.activeCount } }

    var openedSocketCount: Int { state.withLockedValue { $0.openedSocketCount } }

    func append(_ event: SubscriptionEvent) {
        change { record(event, in: &$0) }
    }

    private func record(_ event: SubscriptionEvent, in state: inout State) {
        if case .socketOpened = event { state.openedSocketCount += 1 }
        if recordsEvents { state.events.append(event) }
    }

    /// Counts a source that started, and records `event` in the same step.
    func sourceStarted(_ event: SubscriptionEvent) {
        change {
            $0.activeCount += 1
            record(event, in: &$0)
        }
    }

    /// Uncounts a source that stopped, and records `event` (if any) in the same step, so that
    /// a test that saw the event sees the count without it.
    func sourceStopped(_ event: SubscriptionEvent?) {
        change {
            $0.activeCount -= 1
            if let event { record(event, in: &$0) }
        }
    }

    /// A fresh id for an operation that came without one: `sse-1`, `sse-2`… for Server-Sent
    /// Events, numbered apart for each prefix (`multipart` for multipart subscriptions).
    func makeStreamID(prefix: String = "sse") -> String {
        state.withLockedValue { state in
            let number = state.streamNumbers[prefix, default: 0] + 1
            state.streamNumbers[prefix] = number
            return "\(prefix)-\(number)"
        }
    }

    /// Returns once `condition` holds on the events and the count of running sources: at once
    /// if it already does, otherwise right after the change that makes it true, or when the
    /// calling task is cancelled. The condition runs under the log's lock, so it reads only its
    /// arguments, never the log (or the server) itself.
    func wait(until condition: @escaping @Sendable (_ events: [SubscriptionEvent], _ activeCount: Int) -> Bool) async {
        let id = state.withLockedValue { state -> Int in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLockedValue { state -> Bool in
                    if state.cancelledWaiters.remove(id) != nil || condition(state.events, state.activeCount) { return true }
                    state.waiters[id] = Waiter(condition: condition, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLockedValue { state -> Waiter? in
                guard let waiter = state.waiters.removeValue(forKey: id) else {
                    state.cancelledWaiters.insert(id)
                    return nil
                }
                return waiter
            }
            waiter?.continuation.resume()
        }
        // A waiter that finished normally leaves no cancellation mark behind.
        state.withLockedValue { _ = $0.cancelledWaiters.remove(id) }
    }

    private func change(_ body: (inout State) -> Void) {
        let satisfied = state.withLockedValue { state -> [Waiter] in
            body(&state)
            let (events, activeCount) = (state.events, state.activeCount)
            let ready = state.waiters.filter { $0.value.condition(events, activeCount) }
            for id in ready.keys { state.waiters[id] = nil }
            return Array(ready.values)
        }
        for waiter in satisfied { waiter.continuation.resume() }
    }
}
