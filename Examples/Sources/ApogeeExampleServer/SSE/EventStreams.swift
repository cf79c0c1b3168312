import ApogeeAPI
import NIOConcurrencyHelpers

/// The subscriptions streamed over HTTP running now (Server-Sent Events and multipart), so
/// that shutdown can end them instead of waiting for clients that never leave.
final class EventStreams: Sendable {
    private struct State {
        var running: [String: SourceLifetime] = [:]
        var shuttingDown = false
        var drained: [CheckedContinuation<Void, Never>] = []
    }

    private let state = NIOLockedValueBox(State())

    /// Whether the server is going away: streams then end without `complete`, so that
    /// clients take it as a lost connection and come back, as they would after a crash.
    var isShuttingDown: Bool { state.withLockedValue { $0.shuttingDown } }

    /// Adds a stream; one that starts once shutdown has begun is stopped at once, since
    /// ``stopAll()`` has already stopped the others.
    func add(_ lifetime: SourceLifetime, id: String) {
        let late = state.withLockedValue { state -> Bool in
            state.running[id] = lifetime
            return state.shuttingDown
        }
        if late { lifetime.stop() }
    }

    /// The stream `id` has written its last byte.
    func remove(id: String) {
        let drained = state.withLockedValue { state -> [CheckedContinuation<Void, Never>] in
            state.running[id] = nil
            guard state.running.isEmpty else { return [] }
            defer { state.drained = [] }
            return state.drained
        }
        for waiter in drained { waiter.resume() }
    }

    /// Stops every running source for shutdown, and returns once each stream has ended its
    /// response (without `complete`). Waiting matters: a response cut off by the server's
    /// cancellation loses its last chunk, and a client may then never see the stream end.
    func stopAll() async {
        let lifetimes = state.withLockedValue { state -> [SourceLifetime] in
            state.shuttingDown = true
            return Array(state.running.values)
        }
        for lifetime in lifetimes { lifetime.stop() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let empty = state.withLockedValue { state -> Bool in
                guard !state.running.isEmpty else { return true }
                state.drained.append(continuation)
                return false
            }
            if empty { continuation.resume() }
        }
    }
}
