import ApogeeStore
import Foundation

/// The time a store file's configuration reads (``SQLiteStore/Configuration/now``), as the
/// clock of the normalized store over it, so that the file's write times and the store's
/// expiry times are on one clock.
struct ConfiguredClock: CacheClock {
    let currentTime: @Sendable () -> Date

    func now() -> Date { currentTime() }

    /// Sleeps for as long as the configured time says is left, in real time.
    func sleep(until deadline: Date) async throws {
        try await sleepInRealTime(until: deadline)
    }
}
