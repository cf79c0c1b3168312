#if os(Linux)
@testable import Apogee
import NIOCore
import NIOPosix
import Testing

/// The one timer behind every AsyncHTTPClient request's deadline: what expires runs, what is
/// removed does not, and a deadline earlier than the scheduled one is not kept waiting.
@Suite("Deadline watchdog")
struct DeadlineWatchdogTests {
    @Test("An expired registration runs; one removed before its deadline does not")
    func expiryAndRemoval() async {
        let watchdog = DeadlineWatchdog(eventLoop: MultiThreadedEventLoopGroup.singleton.next())
        let removedRan = Locked(false)
        let removed = watchdog.register(deadline: .now() + .milliseconds(20)) {
            removedRan.withLock { $0 = true }
        }
        watchdog.remove(removed)
        // The later registration expiring means the earlier deadline has passed too.
        await withCheckedContinuation { (expired: CheckedContinuation<Void, Never>) in
            _ = watchdog.register(deadline: .now() + .milliseconds(60)) { expired.resume() }
        }
        #expect(removedRan.withLock { $0 } == false)
    }

    @Test("A deadline earlier than the scheduled timer moves the timer forward")
    func earlierDeadline() async {
        let watchdog = DeadlineWatchdog(eventLoop: MultiThreadedEventLoopGroup.singleton.next())
        let distantRan = Locked(false)
        let distant = watchdog.register(deadline: .now() + .seconds(3_600)) {
            distantRan.withLock { $0 = true }
        }
        await withCheckedContinuation { (expired: CheckedContinuation<Void, Never>) in
            _ = watchdog.register(deadline: .now() + .milliseconds(10)) { expired.resume() }
        }
        #expect(distantRan.withLock { $0 } == false)
        watchdog.remove(distant)
    }

    @Test("Many registrations expire together, each once")
    func manyExpire() async {
        let watchdog = DeadlineWatchdog(eventLoop: MultiThreadedEventLoopGroup.singleton.next())
        let count = 100
        let runs = Locked([Int: Int]())
        await withCheckedContinuation { (allExpired: CheckedContinuation<Void, Never>) in
            for index in 0..<count {
                _ = watchdog.register(deadline: .now() + .milliseconds(Int64(index % 10))) {
                    let done = runs.withLock { runs -> Bool in
                        runs[index, default: 0] += 1
                        return runs.count == count && runs[index] == 1
                    }
                    if done { allExpired.resume() }
                }
            }
        }
        #expect(runs.withLock { $0.values.allSatisfy { $0 == 1 } })
    }
}
#endif
