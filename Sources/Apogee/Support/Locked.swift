import Foundation

/// A value guarded by a lock, for the little shared state the client keeps across tasks.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 and the package supports macOS 14.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
