#if canImport(AsyncHTTPClient)
import ApogeeAPI
import NIOCore

/// Runs an action for each piece of work that outlives its deadline, with one event-loop
/// timer for all of them.
///
/// A timer per request would cost two wake-ups of an event loop, one to schedule it from
/// the calling thread and one to cancel it, which measured three percent of a loopback round
/// trip. Here a request registers and removes itself under a lock, and the one timer is
/// scheduled again only when a new deadline comes before the scheduled one. Requests that
/// share a timeout register deadlines in increasing order, so in the common case no event
/// loop is woken at all; the timer fires about once per timeout and looks for what expired.
final class DeadlineWatchdog: Sendable {
    /// A registration, to remove once the work is done.
    struct Registration: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    private struct Entry {
        let deadline: NIODeadline
        let onExpiry: @Sendable () -> Void
    }

    private struct State {
        var entries: [Registration: Entry] = [:]
        var nextID: UInt64 = 0
        var timer: (deadline: NIODeadline, task: Scheduled<Void>)?
    }

    private let eventLoop: any EventLoop
    private let state = Locked(State())

    /// Creates a watchdog whose timer runs on `eventLoop`.
    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// Runs `onExpiry` on the event loop at `deadline` unless the registration is removed
    /// first.
    func register(deadline: NIODeadline, onExpiry: @escaping @Sendable () -> Void) -> Registration {
        state.withLock { state in
            let registration = Registration(id: state.nextID)
            state.nextID += 1
            state.entries[registration] = Entry(deadline: deadline, onExpiry: onExpiry)
            if state.timer.map({ deadline < $0.deadline }) ?? true {
                state.timer?.task.cancel()
                state.timer = (deadline, schedule(at: deadline))
            }
            return registration
        }
    }

    /// Removes a registration; its action does not run after this returns, unless it was
    /// already running.
    func remove(_ registration: Registration) {
        state.withLock { _ = $0.entries.removeValue(forKey: registration) }
    }

    private func schedule(at deadline: NIODeadline) -> Scheduled<Void> {
        eventLoop.scheduleTask(deadline: deadline) { [weak self] in
            self?.expire()
        }
    }

    /// Takes out what has expired, schedules the timer for the earliest deadline left, and
    /// runs the expired actions outside the lock.
    private func expire() {
        // The loop's clock, which is the system's on a real loop and the test's on an embedded one.
        let now = eventLoop.now
        let expired = state.withLock { state -> [Entry] in
            let expiredKeys = state.entries.filter { $0.value.deadline <= now }.map(\.key)
            let expired = expiredKeys.compactMap { state.entries.removeValue(forKey: $0) }
            state.timer = state.entries.values.map(\.deadline).min().map { ($0, schedule(at: $0)) }
            return expired
        }
        for entry in expired {
            entry.onExpiry()
        }
    }
}

extension DeadlineWatchdog {
    /// The deadline passed before the work was done.
    struct Expired: Error {}

    /// Runs `operation` in a task of its own, which is cancelled at `deadline`, or when the
    /// calling task is. Throws ``Expired`` when the deadline ended it.
    ///
    /// A task of its own, not a sleeping one beside it: a cancelled `Task.sleep` keeps its
    /// timer (and memory) queued until the deadline, so a long timeout would hold memory for
    /// every call.
    func run<Value: Sendable>(until deadline: NIODeadline, _ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let work = Task { try await operation() }
        let expired = Locked(false)
        let registration = register(deadline: deadline) {
            expired.withLock { $0 = true }
            work.cancel()
        }
        defer { remove(registration) }
        do {
            return try await withTaskCancellationHandler {
                try await work.value
            } onCancel: {
                work.cancel()
            }
        } catch {
            if expired.withLock({ $0 }) { throw Expired() }
            throw error
        }
    }
}
#endif
