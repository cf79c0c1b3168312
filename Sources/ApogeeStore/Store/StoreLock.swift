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
        // An error-checking mutex turns a store called from inside its own transaction into a
        // clear failure instead of a silent deadlock, as an unfair lock does on Darwin.
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
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
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "the store was called from inside one of its own transactions or layer closures; use the transaction given to the closure")
        defer { pthread_mutex_unlock(mutex) }
        #endif
        return try body(&state)
    }
}
