import ApogeeAPI
import NIOConcurrencyHelpers

/// One subscription's source stream, seen from the transport: the transport can stop it
/// (the client went away), and learns when it has really ended, so the server records a
/// completion (and lowers ``ExampleServer/activeSubscriptionCount``) only once nothing of the
/// subscription runs any more.
///
/// The transport makes one per subscription and hands it to the resolvers in the context; the
/// source a resolver makes calls ``started(onStop:)``, then ``ended()`` when it terminates.
final class SourceLifetime: Sendable {
    private enum Phase {
        case notStarted
        case running(stop: @Sendable () -> Void)
        case ended
    }

    private struct State {
        var phase = Phase.notStarted
        var stopRequested = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = NIOLockedValueBox(State())

    /// A source stream now exists; `onStop` ends it early (at once, even while it waits for
    /// an event).
    func started(onStop: @escaping @Sendable () -> Void) {
        let stopNow = state.withLockedValue { state -> Bool in
            guard case .notStarted = state.phase else { return false }
            state.phase = .running(stop: onStop)
            return state.stopRequested
        }
        if stopNow { onStop() }
    }

    /// Ends the source early. Before the source started, it is stopped as soon as it starts.
    func stop() {
        let stop = state.withLockedValue { state -> (@Sendable () -> Void)? in
            state.stopRequested = true
            guard case .running(let stop) = state.phase else { return nil }
            return stop
        }
        stop?()
    }

    /// The source stream terminated. Safe to call more than once.
    func ended() {
        let waiters = state.withLockedValue { state -> [CheckedContinuation<Void, Never>] in
            state.phase = .ended
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the source ended, or at once when no source was started (the resolver
    /// failed before making one).
    func waitUntilEnded() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLockedValue { state -> Bool in
                guard case .running = state.phase else { return true }
                state.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}
