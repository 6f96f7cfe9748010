#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One object per thread, made on the thread's first use and released when the thread exits.
///
/// Resolution is synchronous: Swinject runs a factory on the thread that called `resolve`, and
/// nothing the injector calls can suspend, so a chain of nested requests always runs on one thread
/// and per-thread state follows it exactly. Reaching it through a `pthread` key costs one load,
/// no allocation and no task-local lookup. The object is touched only by its own thread, so it
/// needs no lock.
///
/// `@unchecked Sendable`: the key is created once and the objects never leave their thread.
package final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    private let key: pthread_key_t
    private let make: @Sendable () -> Value

    /// Creates the slot; `make` builds a thread's object on its first use.
    package init(_ make: @escaping @Sendable () -> Value) {
        var key = pthread_key_t()
        #if canImport(Darwin)
            let status = pthread_key_create(&key) { Unmanaged<AnyObject>.fromOpaque($0).release() }
        #else
            let status = pthread_key_create(&key) { pointer in
                guard let pointer else { return }
                Unmanaged<AnyObject>.fromOpaque(pointer).release()
            }
        #endif
        precondition(status == 0, "pthread_key_create failed with \(status)")
        self.key = key
        self.make = make
    }

    /// The calling thread's object.
    package var current: Value {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
        }
        let value = make()
        pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque())
        return value
    }
}
