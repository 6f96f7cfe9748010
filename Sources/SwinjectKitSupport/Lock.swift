#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutual-exclusion lock over a `pthread_mutex_t`.
///
/// SwinjectKit guards shared state with this lock instead of `Synchronization.Mutex`: the thread
/// sanitizer intercepts `pthread_mutex_lock` and `pthread_mutex_unlock` and so sees the ordering
/// they create, while `Mutex` on Linux waits on a futex the sanitizer cannot see, which makes every
/// access inside `withLock` look like a race in a user's sanitized test run.
///
/// `@unchecked Sendable`: the mutex is allocated once, never moved, and only touched through the
/// pthread calls, which are thread-safe.
package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates an unlocked, non-recursive lock.
    package init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if canImport(Darwin)
            pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_NORMAL)
        #else
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_NORMAL))
        #endif
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Takes the lock, waiting while another thread holds it.
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases the lock, which the calling thread must hold.
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` while holding the lock.
    package func withLock<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
