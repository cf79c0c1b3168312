import ApogeeAPI
import NIOConcurrencyHelpers

/// Hands each published value to every current subscriber: the pub-sub of one server
/// instance (never global, since many servers run in one test process).
final class Broadcaster<Element: Sendable>: Sendable {
    private struct State {
        var nextID = 0
        var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
    }

    private let state = NIOLockedValueBox(State())

    /// A stream of the values published from now on, until the subscriber stops iterating.
    /// - Parameter lifetime: told when the stream terminates, so the server knows when the
    ///   subscription's source really stopped.
    func subscribe(lifetime: SourceLifetime?) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        let id = state.withLockedValue { state -> Int in
            state.nextID += 1
            state.subscribers[state.nextID] = continuation
            return state.nextID
        }
        lifetime?.started(onStop: { continuation.finish() })
        continuation.onTermination = { [weak self] _ in
            self?.state.withLockedValue { _ = $0.subscribers.removeValue(forKey: id) }
            lifetime?.ended()
        }
        return stream
    }

    /// Sends `value` to every subscriber.
    func publish(_ value: Element) {
        // Yielded outside the lock: a stream that terminates meanwhile takes the lock in its
        // termination handler.
        let subscribers = state.withLockedValue { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber.yield(value) }
    }

    /// How many streams are subscribed.
    var subscriberCount: Int { state.withLockedValue { $0.subscribers.count } }
}
