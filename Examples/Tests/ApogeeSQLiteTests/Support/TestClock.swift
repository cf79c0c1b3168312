@testable import ApogeeAPI
import Foundation

/// A clock a test moves by hand, for expiry without waiting.
final class TestClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_750_000_000))

    /// The time now.
    var now: Date {
        current.withLock { $0 }
    }

    /// Moves the clock forward.
    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }

    /// The clock as a configuration takes it.
    var function: @Sendable () -> Date {
        { [self] in now }
    }
}
