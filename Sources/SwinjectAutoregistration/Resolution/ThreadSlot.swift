#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One object per thread, made on the thread's first use and released when the thread exits:
/// `SwinjectKitSupport`'s `ThreadLocal`, for the slots this module reads on every autoregistered
/// resolve or registration.
///
/// `ThreadLocal` is generic in another module, so its getter runs unspecialized and returns its
/// object retained, about three times the instructions of the read itself. This module's own
/// copy is specialized for each slot, and returns the object unretained: the thread's slot keeps
/// it alive until the thread exits, longer than any caller on that thread can hold it.
///
/// `@unchecked Sendable`: the key is created once and the objects never leave their thread.
final class ThreadSlot<Value: AnyObject>: @unchecked Sendable {
    private let key: pthread_key_t
    private let make: @Sendable () -> Value

    /// Creates the slot; `make` builds a thread's object on its first use.
    init(_ make: @escaping @Sendable () -> Value) {
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
    @inline(__always)
    var current: Value {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
        }
        return makeCurrent()
    }

    @inline(never)
    private func makeCurrent() -> Value {
        let value = make()
        pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque())
        return value
    }
}
