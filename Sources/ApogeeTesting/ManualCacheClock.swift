import ApogeeAPI
import ApogeeStore
import Foundation

/// A `CacheClock` that moves only when a test moves it, so that expiry happens at the step
/// the test chooses and a test waits for the store's reaction, never for real time.
///
/// ```swift
/// let clock = ManualCacheClock()
/// let store = NormalizedStore(maximumAges: ["Launch": .seconds(60)], clock: clock)
/// // … write a launch, watch it …
/// clock.advance(by: .seconds(61))   // the watcher now gets the launch marked stale
/// ```
public final class ManualCacheClock: CacheClock, Sendable {
    private struct Sleeper {
        var deadline: Date
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
    }

    private let state: Locked<State>

    /// A clock that reads `start` until it is moved.
    public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        state = Locked(State(now: start))
    }

    /// The clock's time.
    public func now() -> Date {
        state.withLock { $0.now }
    }

    /// How many tasks are sleeping on the clock: a test can wait for the store to set its
    /// alarm before it moves the clock.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Moves the clock forward and wakes every sleeper whose deadline it reached.
    public func advance(by interval: Duration) {
        let components = interval.components
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        let woken = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now = state.now.addingTimeInterval(seconds)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns when ``advance(by:)`` reaches `deadline`.
    public func sleep(until deadline: Date) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    guard state.now < deadline, !Task.isCancelled else { return true }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }
}
