import ApogeeAPI
import Dispatch
import Foundation
import NIOConcurrencyHelpers

/// Waits for SIGINT or SIGTERM, so that the example programs (the server, a subscription that
/// prints events) stop cleanly instead of being killed.
public enum InterruptSignal {
    /// Returns when the process receives SIGINT or SIGTERM, which no longer end it.
    public static func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiter = SignalWaiter(continuation)
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { waiter.resume() }
                waiter.keep(source)
                source.resume()
            }
        }
    }
}

/// Resumes a continuation at most once, whichever signal comes first, and keeps the signal
/// sources alive until then.
private final class SignalWaiter: Sendable {
    // Unchecked: Linux's Dispatch does not mark its sources Sendable, and they are only kept
    // here, never used from another thread.
    private struct State: @unchecked Sendable {
        var continuation: CheckedContinuation<Void, Never>?
        var sources: [any DispatchSourceSignal] = []
    }

    private let state: NIOLockedValueBox<State>

    init(_ continuation: CheckedContinuation<Void, Never>) {
        state = NIOLockedValueBox(State(continuation: continuation))
    }

    func keep(_ source: any DispatchSourceSignal) {
        state.withLockedValue { $0.sources.append(source) }
    }

    func resume() {
        let pending = state.withLockedValue { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        pending?.resume()
    }
}
