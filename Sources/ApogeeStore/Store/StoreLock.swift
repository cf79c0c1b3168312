#if canImport(os)
import os
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A lock around a value of any type, usable on every platform the package supports.
///
/// `Synchronization.Mutex` needs macOS 15 and wants a `sending` result, which non-Sendable
/// intermediate values of the store cannot give; an unfair lock on Darwin and a pthread mutex
/// elsewhere cost the same uncontended and have neither restriction.
final class StoreLock<State>: @unchecked Sendable {
    private var state: State
    #if canImport(os)
    private let lock = OSAllocatedUnfairLock()
    #else
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    init(_ state: State) {
        self.state = state
        #if !canImport(os)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if !canImport(os)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        #endif
    }

    /// Runs `body` with exclusive access to the value. Not reentrant: `body` must not call
    /// back into anything that takes the same lock.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        #if canImport(os)
        lock.lock()
        defer { lock.unlock() }
        #else
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        #endif
        return try body(&state)
    }
}
