import Apogee
import Foundation

/// A ``Sleeper`` whose sleeps end only when the test says so, so that a test of a timer (a
/// keep-alive, a backoff) decides when each wait is over instead of waiting for the clock.
///
/// ```swift
/// let ticks = SteppedSleeper()
/// let webSocket = GraphQLWebSocketTransport(url: url, configuration: .init(keepAliveInterval: .seconds(12), sleeper: ticks))
/// // … start a subscription …
/// await ticks.advance()   // the keep-alive interval is over: a ping goes out
/// ```
public final class SteppedSleeper: Sleeper, @unchecked Sendable {
    private struct Sleep {
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var sleeping: [Int: Sleep] = [:]
    private var cancelledBeforeSleeping: Set<Int> = []
    private var lastID = 0
    private var advancers: [CheckedContinuation<Void, Never>] = []

    /// Creates a sleeper with nobody asleep.
    public init() {}

    /// Waits until ``advance()`` ends this sleep; throws `CancellationError` when the task is
    /// cancelled first.
    public func sleep(for duration: Duration) async throws {
        let id = lock.withLock { () -> Int in
            lastID += 1
            return lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (cancelled, waiting) = lock.withLock { () -> (Bool, [CheckedContinuation<Void, Never>]) in
                    if cancelledBeforeSleeping.remove(id) != nil { return (true, []) }
                    sleeping[id] = Sleep(continuation: continuation)
                    defer { advancers = [] }
                    return (false, advancers)
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
                for advancer in waiting { advancer.resume() }
            }
        } onCancel: {
            let sleep = lock.withLock { () -> Sleep? in
                guard let sleep = sleeping.removeValue(forKey: id) else {
                    cancelledBeforeSleeping.insert(id)
                    return nil
                }
                return sleep
            }
            sleep?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Waits until at least one task sleeps, then ends every sleep under way.
    public func advance() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let someoneSleeps = lock.withLock { () -> Bool in
                guard sleeping.isEmpty else { return true }
                advancers.append(continuation)
                return false
            }
            if someoneSleeps { continuation.resume() }
        }
        let woken = lock.withLock { () -> [Sleep] in
            defer { sleeping = [:] }
            return Array(sleeping.values)
        }
        for sleep in woken { sleep.continuation.resume() }
    }
}
