import ApogeeAPI
import CoreMetrics
import MetricsTestKit

/// A metrics backend for tests: `TestMetrics`, which keeps every value, and a way to wait
/// until what was recorded satisfies a condition, for metrics recorded on another task.
///
/// Passed to the code under test as its factory, never bootstrapped: `MetricsSystem` takes
/// one factory per process, and tests run in parallel.
package final class WatchedMetrics: MetricsFactory {
    /// What was recorded.
    package let recorded = TestMetrics()
    private let watchers = Locked<[Int: AsyncStream<Void>.Continuation]>([:])
    private let lastWatcherID = Locked(0)

    /// A backend with nothing recorded.
    package init() {}

    /// Returns once `condition` holds for what was recorded, checking again after each value
    /// recorded; returns early, condition unmet, when the task is cancelled (a test's time
    /// limit), so that the test's expectations fail instead of it hanging.
    package func waitUntil(_ condition: (TestMetrics) -> Bool) async {
        let (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = lastWatcherID.withLock { id in
            id += 1
            return id
        }
        // Watching before the first check, so that a value recorded in between still wakes us.
        watchers.withLock { $0[id] = continuation }
        defer { _ = watchers.withLock { $0.removeValue(forKey: id) } }
        if condition(recorded) { return }
        for await _ in changes where condition(recorded) {
            return
        }
    }

    private func changed() {
        for watcher in watchers.withLock({ Array($0.values) }) {
            watcher.yield()
        }
    }

    package func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        WatchedCounter(base: recorded.makeCounter(label: label, dimensions: dimensions), changed: changed)
    }

    package func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        WatchedRecorder(base: recorded.makeRecorder(label: label, dimensions: dimensions, aggregate: aggregate), changed: changed)
    }

    package func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        WatchedTimer(base: recorded.makeTimer(label: label, dimensions: dimensions), changed: changed)
    }

    package func destroyCounter(_ handler: any CounterHandler) {
        recorded.destroyCounter((handler as? WatchedCounter)?.base ?? handler)
    }

    package func destroyRecorder(_ handler: any RecorderHandler) {
        recorded.destroyRecorder((handler as? WatchedRecorder)?.base ?? handler)
    }

    package func destroyTimer(_ handler: any TimerHandler) {
        recorded.destroyTimer((handler as? WatchedTimer)?.base ?? handler)
    }
}

private final class WatchedCounter: CounterHandler {
    let base: any CounterHandler
    let changed: @Sendable () -> Void

    init(base: any CounterHandler, changed: @escaping @Sendable () -> Void) {
        self.base = base
        self.changed = changed
    }

    func increment(by amount: Int64) {
        base.increment(by: amount)
        changed()
    }

    func reset() {
        base.reset()
        changed()
    }
}

private final class WatchedRecorder: RecorderHandler {
    let base: any RecorderHandler
    let changed: @Sendable () -> Void

    init(base: any RecorderHandler, changed: @escaping @Sendable () -> Void) {
        self.base = base
        self.changed = changed
    }

    func record(_ value: Int64) {
        base.record(value)
        changed()
    }

    func record(_ value: Double) {
        base.record(value)
        changed()
    }
}

private final class WatchedTimer: TimerHandler {
    let base: any TimerHandler
    let changed: @Sendable () -> Void

    init(base: any TimerHandler, changed: @escaping @Sendable () -> Void) {
        self.base = base
        self.changed = changed
    }

    func recordNanoseconds(_ duration: Int64) {
        base.recordNanoseconds(duration)
        changed()
    }
}
