import Apogee
import NIOCore

/// A `WatchdogTimer` on an event loop: the transport's deadlines fire where its requests
/// run, on the loop's clock (a test's own on an embedded loop).
struct EventLoopTimer: WatchdogTimer {
    let eventLoop: any EventLoop

    var now: NIODeadline { eventLoop.now }

    func schedule(at deadline: NIODeadline, _ fire: @escaping @Sendable () -> Void) -> Scheduled<Void> {
        eventLoop.scheduleTask(deadline: deadline, fire)
    }

    func cancel(_ scheduled: Scheduled<Void>) {
        scheduled.cancel()
    }
}

extension DeadlineWatchdog where Timer == EventLoopTimer {
    /// A watchdog whose one timer runs on `eventLoop`.
    convenience init(eventLoop: any EventLoop) {
        self.init(timer: EventLoopTimer(eventLoop: eventLoop))
    }
}
