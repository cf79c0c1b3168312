import Foundation

/// A clock a test moves by hand, for expiry without waiting.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_750_000_000)

    /// The time now.
    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Moves the clock forward.
    func advance(by seconds: TimeInterval) {
        lock.lock()
        defer { lock.unlock() }
        current += seconds
    }

    /// The clock as a configuration takes it.
    var function: @Sendable () -> Date {
        { [self] in now }
    }
}
