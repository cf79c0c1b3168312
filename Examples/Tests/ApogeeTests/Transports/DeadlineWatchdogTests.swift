#if os(Linux)
@testable import Apogee
@testable import ApogeeAsyncHTTPClient
@testable import ApogeeAPI
import NIOCore
import NIOEmbedded
import Testing

/// The one timer behind every AsyncHTTPClient request's deadline, on an embedded event loop
/// whose clock only the test moves: what expires runs once, what is removed never runs, and
/// a deadline earlier than the scheduled one is not kept waiting.
@Suite("Deadline watchdog")
struct DeadlineWatchdogTests {
    /// A watchdog on an embedded event loop of its own, whose clock moves only when the test
    /// advances it; the caller shuts the loop down.
    static func watchdogOnEmbeddedLoop() -> (EmbeddedEventLoop, DeadlineWatchdog<EventLoopTimer>) {
        let loop = EmbeddedEventLoop()
        return (loop, DeadlineWatchdog(eventLoop: loop))
    }

    @Test("An expired registration runs once its deadline passes; one removed before does not")
    func expiryAndRemoval() throws {
        let (loop, watchdog) = Self.watchdogOnEmbeddedLoop()
        defer { try? loop.syncShutdownGracefully() }
        let ran = Locked<[String]>([])
        let removed = watchdog.register(deadline: loop.now + .milliseconds(20)) { ran.withLock { $0.append("removed") } }
        watchdog.remove(removed)
        _ = watchdog.register(deadline: loop.now + .milliseconds(60)) { ran.withLock { $0.append("kept") } }
        loop.advanceTime(by: .milliseconds(59))
        #expect(ran.withLock { $0 }.isEmpty)
        loop.advanceTime(by: .milliseconds(1))
        #expect(ran.withLock { $0 } == ["kept"])
    }

    @Test("A deadline earlier than the scheduled timer moves the timer forward, and the timer comes back for the later one")
    func earlierDeadline() throws {
        let (loop, watchdog) = Self.watchdogOnEmbeddedLoop()
        defer { try? loop.syncShutdownGracefully() }
        let ran = Locked<[String]>([])
        _ = watchdog.register(deadline: loop.now + .seconds(3_600)) { ran.withLock { $0.append("distant") } }
        _ = watchdog.register(deadline: loop.now + .milliseconds(10)) { ran.withLock { $0.append("soon") } }
        loop.advanceTime(by: .milliseconds(10))
        #expect(ran.withLock { $0 } == ["soon"])
        loop.advanceTime(by: .seconds(3_600))
        #expect(ran.withLock { $0 } == ["soon", "distant"])
    }

    @Test("Many registrations expire together, each once")
    func manyExpire() throws {
        let (loop, watchdog) = Self.watchdogOnEmbeddedLoop()
        defer { try? loop.syncShutdownGracefully() }
        let runs = Locked([Int: Int]())
        for index in 0..<100 {
            _ = watchdog.register(deadline: loop.now + .milliseconds(Int64(index % 10))) {
                runs.withLock { $0[index, default: 0] += 1 }
            }
        }
        loop.advanceTime(by: .milliseconds(10))
        #expect(runs.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<100).map { ($0, 1) }))
    }
}
#endif
