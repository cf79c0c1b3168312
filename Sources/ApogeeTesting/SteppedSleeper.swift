import Apogee
import ApogeeAPI

/// A `Sleeper` whose sleeps end only when the test says so, so that a test of a timer (a
/// keep-alive, a backoff) decides when each wait is over instead of waiting for the clock.
///
/// ```swift
/// let ticks = SteppedSleeper()
/// let webSocket = GraphQLWebSocketTransport(url: url, configuration: .init(keepAliveInterval: .seconds(12), sleeper: ticks))
/// // … start a subscription …
/// await ticks.advance()   // the keep-alive interval is over: a ping goes out
/// ```
public final class SteppedSleeper: Sleeper, Sendable {
    private struct State {
        var sleeping: [Int: CheckedContinuation<Void, any Error>] = [:]
        var cancelledBeforeSleeping: Set<Int> = []
        var lastID = 0
        var advancers: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Creates a sleeper with nobody asleep.
    public init() {}

    /// Waits until ``advance()`` ends this sleep; throws `CancellationError` when the task is
    /// cancelled first.
    public func sleep(for duration: Duration) async throws {
        let id = state.withLock { state -> Int in
            state.lastID += 1
            return state.lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (cancelled, waiting) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    if state.cancelledBeforeSleeping.remove(id) != nil { return (true, []) }
                    state.sleeping[id] = continuation
                    defer { state.advancers = [] }
                    return (false, state.advancers)
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
                for advancer in waiting { advancer.resume() }
            }
        } onCancel: {
            let sleep = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let sleep = state.sleeping.removeValue(forKey: id) else {
                    state.cancelledBeforeSleeping.insert(id)
                    return nil
                }
                return sleep
            }
            sleep?.resume(throwing: CancellationError())
        }
    }

    /// Waits until at least one task sleeps, then ends every sleep under way.
    public func advance() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let someoneSleeps = state.withLock { state -> Bool in
                guard state.sleeping.isEmpty else { return true }
                state.advancers.append(continuation)
                return false
            }
            if someoneSleeps { continuation.resume() }
        }
        let woken = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            defer { state.sleeping = [:] }
            return Array(state.sleeping.values)
        }
        for sleep in woken { sleep.resume() }
    }
}
