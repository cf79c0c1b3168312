import Foundation

/// A value behind a lock: the one lock the package's modules share for small state that
/// synchronous code reads and writes across tasks.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 while the package supports macOS 14.
/// Package access: a helper of Apogee's own modules, not API.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Creates a lock around `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. Not reentrant.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
