import Foundation

/// A value behind a lock, for state that synchronous public accessors must read.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 while the package supports macOS 14.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
