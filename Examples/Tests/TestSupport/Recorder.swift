@testable import ApogeeAPI

/// Values handed in from other threads or from `@Sendable` closures (progress reports, store
/// updaters, completion handlers), kept in the order they came.
package final class Recorder<Value: Sendable>: Sendable {
    private struct State {
        var values: [Value] = []
        var waiters: [(condition: @Sendable ([Value]) -> Bool, continuation: CheckedContinuation<[Value], Never>)] = []
    }

    private let state = Locked(State())

    /// An empty recorder.
    package init() {}

    /// Adds a value; returns every value so far, this one last.
    @discardableResult
    package func append(_ value: Value) -> [Value] {
        let (values, woken) = state.withLock { state -> ([Value], [CheckedContinuation<[Value], Never>]) in
            state.values.append(value)
            let values = state.values
            var woken: [CheckedContinuation<[Value], Never>] = []
            state.waiters.removeAll { waiter in
                guard waiter.condition(values) else { return false }
                woken.append(waiter.continuation)
                return true
            }
            return (values, woken)
        }
        for continuation in woken { continuation.resume(returning: values) }
        return values
    }

    /// Every value so far, in order.
    package var values: [Value] {
        state.withLock { $0.values }
    }

    /// Waits until the values so far satisfy `condition`, and returns them: the way a test
    /// waits for an event rather than for time.
    @discardableResult
    package func wait(until condition: @escaping @Sendable ([Value]) -> Bool) async -> [Value] {
        await withCheckedContinuation { continuation in
            let satisfied = state.withLock { state -> [Value]? in
                if condition(state.values) { return state.values }
                state.waiters.append((condition, continuation))
                return nil
            }
            if let satisfied { continuation.resume(returning: satisfied) }
        }
    }
}
