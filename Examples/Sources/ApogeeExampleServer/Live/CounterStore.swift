import ApogeeAPI
import NIOConcurrencyHelpers

/// The counters of one server instance (each starts at 0) and the `counterChanged` events.
final class CounterStore: Sendable {
    private struct State {
        var values: [String: Int] = [:]
        var changes: [String: Broadcaster<Counter>] = [:]
    }

    private let state = NIOLockedValueBox(State())

    /// The counter's current value.
    func counter(id: String) -> Counter {
        state.withLockedValue { Counter(id: GraphQLID(id), value: $0.values[id] ?? 0) }
    }

    /// Adds `amount` and announces the new value.
    @discardableResult
    func increment(id: String, by amount: Int) -> Counter {
        change(id: id) { $0 &+ amount }
    }

    /// Sets the value and announces it.
    @discardableResult
    func set(id: String, value: Int) -> Counter {
        change(id: id) { _ in value }
    }

    /// The counter each time it changes from now on.
    func changes(id: String, lifetime: SourceLifetime?) -> AsyncStream<Counter> {
        broadcaster(id: id).subscribe(lifetime: lifetime)
    }

    private func change(id: String, _ newValue: (Int) -> Int) -> Counter {
        // Published under the lock, so concurrent changes reach subscribers in the order
        // they were made.
        state.withLockedValue { state in
            let counter = Counter(id: GraphQLID(id), value: newValue(state.values[id] ?? 0))
            state.values[id] = counter.value
            state.changes[id]?.publish(counter)
            return counter
        }
    }

    private func broadcaster(id: String) -> Broadcaster<Counter> {
        state.withLockedValue { state in
            if let broadcaster = state.changes[id] { return broadcaster }
            let broadcaster = Broadcaster<Counter>()
            state.changes[id] = broadcaster
            return broadcaster
        }
    }
}
