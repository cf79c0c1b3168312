import Dispatch
import Foundation

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
private final class SignalWaiter: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init(_ continuation: CheckedContinuation<Void, Never>) {
        self.continuation = continuation
    }

    func keep(_ source: any DispatchSourceSignal) {
        lock.withLock { sources.append(source) }
    }

    func resume() {
        let pending = lock.withLock {
            let pending = continuation
            continuation = nil
            return pending
        }
        pending?.resume()
    }
}
