/// A ``WatchdogTimer`` on the continuous clock, firing from a task that sleeps until the
/// deadline.
struct TaskTimer: WatchdogTimer {
    var now: ContinuousClock.Instant { .now }

    func schedule(at deadline: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) -> Task<Void, Never> {
        Task {
            do {
                try await Task.sleep(until: deadline, clock: .continuous)
            } catch {
                return
            }
            fire()
        }
    }

    func cancel(_ scheduled: Task<Void, Never>) {
        scheduled.cancel()
    }
}

extension DeadlineWatchdog where Timer == TaskTimer {
    /// The watchdog of every request deadline in the process.
    static var requests: DeadlineWatchdog<TaskTimer> { requestDeadlines }
}

/// The watchdog of every request deadline in the process: one timer for all clients.
private let requestDeadlines = DeadlineWatchdog(timer: TaskTimer())
