#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the injector keeps per thread: the chain of services being created and how deep the
/// thread holds the creation lock.
///
/// Resolution is synchronous (no factory, closure or initializer the injector calls can suspend),
/// so a chain of nested requests always runs on one thread and per-thread state follows it exactly.
/// It is reached through a `pthread` key: one load, no allocation, no task-local lookup.
///
/// Touched only by its own thread, so it needs no lock.
final class ThreadState {
    /// The services being created on this thread, outermost first.
    var steps: [ResolutionStep] = []
    /// The first cycle found during the outermost request, kept so the outermost request reports it
    /// even when an inner optional accessor (a subscript, `getObject`, a Swinject forwarder) turned it
    /// into nil.
    var cycle: InjectionError?
    /// The first error a Swinject forwarder turned into nil during the outermost request, so a
    /// Swinject registration that then produced nil can say why.
    var swallowed: InjectionError?
    /// How many nested ``CreationLock/withLock(_:)`` calls this thread is inside.
    var creationLockDepth = 0

    /// This thread's state, created on first use and released when the thread exits.
    static var current: ThreadState {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadState>.fromOpaque(pointer).takeUnretainedValue()
        }
        let state = ThreadState()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
            let status = pthread_key_create(&key) { Unmanaged<ThreadState>.fromOpaque($0).release() }
        #else
            let status = pthread_key_create(&key) { pointer in
                guard let pointer else { return }
                Unmanaged<ThreadState>.fromOpaque(pointer).release()
            }
        #endif
        precondition(status == 0, "pthread_key_create failed with \(status)")
        return key
    }()
}
