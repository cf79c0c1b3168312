import ApogeeAPI
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One timer per store, set for the earliest time a watcher's data expires, so that a watcher
/// learns of expiry when it happens rather than at the next write.
final class ExpiryAlarm: Sendable {
    private struct State {
        var deadline: Int64?
        var task: Task<Void, Never>?
    }

    private let clock: any CacheClock
    private let state = Locked(State())

    init(clock: any CacheClock) {
        self.clock = clock
    }

    deinit {
        state.withLock { $0.task?.cancel() }
    }

    /// Rings `wake` at `deadline` (milliseconds since 1970), in place of any earlier setting;
    /// `nil` turns the alarm off.
    func set(_ deadline: Int64?, wake: @escaping @Sendable () -> Void) {
        state.withLock { state in
            guard state.deadline != deadline else { return }
            state.task?.cancel()
            state.deadline = deadline
            guard let deadline else {
                state.task = nil
                return
            }
            let clock = clock
            state.task = Task { [weak self] in
                do {
                    try await clock.sleep(until: Date(timeIntervalSince1970: Double(deadline) / 1_000))
                } catch {
                    return  // set again or turned off
                }
                self?.rang(at: deadline)
                wake()
            }
        }
    }

    /// Forgets a deadline that has rung, so that setting it again starts a new timer.
    private func rang(at deadline: Int64) {
        state.withLock { state in
            if state.deadline == deadline {
                state.deadline = nil
                state.task = nil
            }
        }
    }
}
