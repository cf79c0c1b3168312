import ApogeeAPI

/// Values handed in from other threads or from `@Sendable` closures (progress reports, store
/// updaters, completion handlers), kept in the order they came.
package final class Recorder<Value: Sendable>: Sendable {
    private let stored = Locked<[Value]>([])

    /// An empty recorder.
    package init() {}

    /// Adds a value; returns every value so far, this one last.
    @discardableResult
    package func append(_ value: Value) -> [Value] {
        stored.withLock { values in
            values.append(value)
            return values
        }
    }

    /// Every value so far, in order.
    package var values: [Value] {
        stored.withLock { $0 }
    }
}
