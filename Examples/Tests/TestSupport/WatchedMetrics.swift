@testable import ApogeeAPI
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
        WatchedHandler(recorded.makeCounter(label: label, dimensions: dimensions), changed: changed)
    }

    package func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        WatchedHandler(recorded.makeRecorder(label: label, dimensions: dimensions, aggregate: aggregate), changed: changed)
    }

    package func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        WatchedHandler(recorded.makeTimer(label: label, dimensions: dimensions), changed: changed)
    }

    package func destroyCounter(_ handler: any CounterHandler) {
        recorded.destroyCounter(WatchedHandler.base(of: handler))
    }

    package func destroyRecorder(_ handler: any RecorderHandler) {
        recorded.destroyRecorder(WatchedHandler.base(of: handler))
    }

    package func destroyTimer(_ handler: any TimerHandler) {
        recorded.destroyTimer(WatchedHandler.base(of: handler))
    }
}

/// A handler of `TestMetrics` (a counter's, a recorder's or a timer's) that says when it
/// records a value. One type serves the three, since each only forwards to its base.
private final class WatchedHandler: CounterHandler, RecorderHandler, TimerHandler {
    private let base: any AnyObject & Sendable
    private let changed: @Sendable () -> Void

    init(_ base: any AnyObject & Sendable, changed: @escaping @Sendable () -> Void) {
        self.base = base
        self.changed = changed
    }

    /// The `TestMetrics` handler behind `handler`, to destroy.
    static func base<Handler>(of handler: Handler) -> Handler {
        ((handler as? WatchedHandler)?.base as? Handler) ?? handler
    }

    /// Records through the base handler, when it is of the kind asked for, then says so.
    private func recording<Handler>(_ record: (Handler) -> Void) {
        if let handler = base as? Handler { record(handler) }
        changed()
    }

    func increment(by amount: Int64) { recording { (counter: any CounterHandler) in counter.increment(by: amount) } }
    func reset() { recording { (counter: any CounterHandler) in counter.reset() } }
    func record(_ value: Int64) { recording { (recorder: any RecorderHandler) in recorder.record(value) } }
    func record(_ value: Double) { recording { (recorder: any RecorderHandler) in recorder.record(value) } }
    func recordNanoseconds(_ duration: Int64) { recording { (timer: any TimerHandler) in timer.recordNanoseconds(duration) } }
}
