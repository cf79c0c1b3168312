@testable import Apogee
@testable import ApogeeAPI
import TestSupport
import Testing

/// The one timer behind every request deadline in the process, on the continuous clock:
/// work that ends in time leaves nothing registered, work past its deadline is cancelled and
/// has ended when the call throws, and a deadline the work has already claimed lets it run on.
@Suite("Request deadline watchdog", .timeLimit(.minutes(10)))
struct TaskTimerWatchdogTests {
    @Test("Work that ends in time returns its value and leaves no registration behind")
    func workInTime() async throws {
        let watchdog = DeadlineWatchdog(timer: TaskTimer())
        for index in 0..<100 {
            let value = try await watchdog.run(until: watchdog.now + .seconds(600)) { index * 2 }
            #expect(value == index * 2)
        }
        #expect(watchdog.registrationCount == 0)
    }

    @Test("Work past its deadline is cancelled, and the call throws Expired only once the work has ended")
    func workPastItsDeadline() async throws {
        let watchdog = DeadlineWatchdog(timer: TaskTimer())
        let ended = Locked(false)
        await #expect(throws: DeadlineWatchdog<TaskTimer>.Expired.self) {
            try await watchdog.run(until: watchdog.now + .milliseconds(50)) {
                defer { ended.withLock { $0 = true } }
                // Only cancellation ends this wait.
                try await Task.sleep(for: .seconds(600))
            }
        }
        #expect(ended.withLock { $0 })
        #expect(watchdog.registrationCount == 0)
    }

    @Test("A deadline the work refuses to give up runs on to the work's own end")
    func claimedExpiryIsRefused() async throws {
        let watchdog = DeadlineWatchdog(timer: TaskTimer())
        let asked = OneShotSignal<Void>()
        let value = try await watchdog.run(until: watchdog.now + .milliseconds(10), claimingExpiry: {
            asked.finish(.success(()))
            return false
        }) {
            // Ends only after the deadline has been asked about, so the refusal is what let it finish.
            try await asked.wait()
            return Task.isCancelled ? "cancelled" : "finished"
        }
        #expect(value == "finished")
    }

    @Test("A caller cancelled before the call runs nothing")
    func cancelledCaller() async throws {
        let watchdog = DeadlineWatchdog(timer: TaskTimer())
        let ran = Recorder<Void>()
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            _ = try await watchdog.run(until: watchdog.now + .seconds(600)) { ran.append(()) }
        }
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(ran.values.isEmpty)
    }

    @Test("Cancelling the caller cancels the work")
    func callerCancellation() async throws {
        let watchdog = DeadlineWatchdog(timer: TaskTimer())
        let started = OneShotSignal<Void>()
        let caller = Task {
            try await watchdog.run(until: watchdog.now + .seconds(600)) {
                started.finish(.success(()))
                try await Task.sleep(for: .seconds(600))
            }
        }
        try await started.wait()
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
    }
}
