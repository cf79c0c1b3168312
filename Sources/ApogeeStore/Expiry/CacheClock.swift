#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The time the store measures expiry with, and the way it waits for the next field to expire.
///
/// The store reads the clock when it writes a field with a maximum age and when it reads one,
/// and sleeps on it to tell watchers when what they show expires. Tests replace it with a
/// clock they move by hand (`ManualCacheClock` in ApogeeTesting), so that expiry happens when
/// the test says, not after a real wait.
public protocol CacheClock: Sendable {
    /// The current time.
    func now() -> Date
    /// Returns once the clock reaches `deadline` (at once if it has).
    /// - Throws: `CancellationError` when the task is cancelled first.
    func sleep(until deadline: Date) async throws
}

/// The system's wall clock: the default.
public struct SystemCacheClock: CacheClock {
    /// The system clock.
    public init() {}

    /// The current time.
    public func now() -> Date { Date() }

    /// Sleeps until `deadline`, measured on the wall clock.
    public func sleep(until deadline: Date) async throws {
        try await sleepInRealTime(until: deadline)
    }
}

extension CacheClock {
    /// Sleeps, in real time, for as long as this clock says is left until `deadline`: the
    /// sleep of a clock that reads the wall clock, or a configured function of it.
    package func sleepInRealTime(until deadline: Date) async throws {
        let interval = deadline.timeIntervalSince(now())
        guard interval > 0 else { return }
        try await Task.sleep(for: .milliseconds(Int64((interval * 1_000).rounded(.up))))
    }

    /// The current time in milliseconds since 1970, the unit records keep expiry times in.
    package var nowMilliseconds: Int64 { Self.milliseconds(now()) }

    /// A time in milliseconds since 1970.
    package static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000).rounded(.down))
    }
}
