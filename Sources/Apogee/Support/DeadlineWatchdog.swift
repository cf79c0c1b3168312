import ApogeeAPI

/// Where a ``DeadlineWatchdog`` keeps its one timer, and whose clock its deadlines read.
package protocol WatchdogTimer: Sendable {
    /// A point in time on the timer's clock.
    associatedtype Instant: Comparable & Sendable
    /// The handle of a scheduled firing.
    associatedtype Scheduled: Sendable

    /// The time now on the timer's clock.
    var now: Instant { get }
    /// Runs `fire` at `deadline`, unless cancelled first.
    func schedule(at deadline: Instant, _ fire: @escaping @Sendable () -> Void) -> Scheduled
    /// Stops a scheduled firing.
    func cancel(_ scheduled: Scheduled)
}

/// Runs an action for each piece of work that outlives its deadline, with one timer for all
/// of them.
///
/// A timer per piece of work would cost two wake-ups, one to schedule it from the calling
/// thread and one to cancel it, and a cancelled `Task.sleep` keeps its timer (and memory)
/// queued until the deadline. Here work registers and removes itself under a lock, and the
/// one timer is scheduled again only when a new deadline comes before the scheduled one.
/// Work that shares a timeout registers deadlines in increasing order, so in the common case
/// nothing is woken at all; the timer fires about once per timeout and looks for what
/// expired.
package final class DeadlineWatchdog<Timer: WatchdogTimer>: Sendable {
    /// One registered deadline, to remove once its work is done.
    package struct Registration: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    private struct Entry {
        let deadline: Timer.Instant
        let onExpiry: @Sendable () -> Void
    }

    private struct State {
        var entries: [Registration: Entry] = [:]
        var nextID: UInt64 = 0
        var timer: (deadline: Timer.Instant, scheduled: Timer.Scheduled)?
    }

    private let timer: Timer
    private let state = Locked(State())

    /// A watchdog whose timer is `timer`.
    package init(timer: Timer) {
        self.timer = timer
    }

    /// The time now on the watchdog's clock.
    package var now: Timer.Instant { timer.now }

    /// Runs `onExpiry` once `deadline` has passed, unless the registration is removed first.
    /// `onExpiry` runs on the timer's thread, outside the watchdog's lock.
    package func register(deadline: Timer.Instant, onExpiry: @escaping @Sendable () -> Void) -> Registration {
        state.withLock { state in
            let registration = Registration(id: state.nextID)
            state.nextID += 1
            state.entries[registration] = Entry(deadline: deadline, onExpiry: onExpiry)
            if state.timer.map({ deadline < $0.deadline }) ?? true {
                if let scheduled = state.timer?.scheduled { timer.cancel(scheduled) }
                state.timer = (deadline, schedule(at: deadline))
            }
            return registration
        }
    }

    /// Forgets a registration whose work is done. The timer stays: when it fires with nothing
    /// expired it is scheduled for the next deadline, or not at all.
    package func remove(_ registration: Registration) {
        state.withLock { _ = $0.entries.removeValue(forKey: registration) }
    }

    /// How many registrations wait for their deadline.
    package var registrationCount: Int {
        state.withLock { $0.entries.count }
    }

    private func schedule(at deadline: Timer.Instant) -> Timer.Scheduled {
        timer.schedule(at: deadline) { [weak self] in
            self?.expire()
        }
    }

    /// Runs the actions of every registration whose deadline has passed, and schedules the
    /// timer for the earliest one left.
    private func expire() {
        let now = timer.now
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
    package struct Expired: Error {}

    /// Runs `operation` in a task of its own, which is cancelled at `deadline`, or when the
    /// calling task is. Throws ``Expired`` when the deadline ended it; the error is thrown
    /// only once the task has ended, so nothing of it outlives the call. A caller cancelled
    /// before the call gets `CancellationError` and nothing runs.
    ///
    /// `claimExpiry`, asked under no lock of the watchdog's when the deadline passes, decides
    /// whether the deadline still counts: `false` lets the work run on.
    ///
    /// A task of its own, not a sleeping one beside it, so that the one timer serves all. The
    /// task starts on the calling thread where the platform can (`Task.immediate`), so that
    /// the call does not wait for another thread to wake and pick it up.
    package func run<Value: Sendable>(
        until deadline: Timer.Instant,
        claimingExpiry claimExpiry: @escaping @Sendable () -> Bool = { true },
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        // The task does not inherit the caller's cancellation, and starts before the handler
        // below is in place: a caller cancelled already starts nothing.
        try Task.checkCancellation()
        let work = Self.start(operation)
        let expired = Locked(false)
        let registration = register(deadline: deadline) {
            guard claimExpiry() else { return }
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

    private static func start<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) -> Task<Value, any Error> {
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            return Task.immediate { try await operation() }
        }
        return Task { try await operation() }
    }
}
