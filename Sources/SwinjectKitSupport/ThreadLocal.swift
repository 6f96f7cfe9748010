// Public imports: the inlinable getter below calls pthread_getspecific in the client's module.
#if canImport(Glibc)
    public import Glibc
#elseif canImport(Musl)
    public import Musl
#elseif canImport(Darwin)
    public import Darwin
#endif

/// One object per thread, made on the thread's first use and released when the thread exits.
///
/// Resolution is synchronous: Swinject runs a factory on the thread that called `resolve`, and
/// nothing the injector calls can suspend, so a chain of nested requests always runs on one thread
/// and per-thread state follows it exactly. Reaching it through a `pthread` key costs one load,
/// no allocation and no task-local lookup. The object is touched only by its own thread, so it
/// needs no lock.
///
/// Public and inlinable, like ``LockedValue``, so that the getter is specialized in each module
/// that reads a slot and returns its object unretained: the thread's slot keeps the object alive
/// until the thread exits, longer than any caller on that thread can hold it.
///
/// `@unchecked Sendable`: the key is created once and the objects never leave their thread.
public final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    @usableFromInline let key: pthread_key_t
    @usableFromInline let make: @Sendable () -> Value

    /// Creates the slot; `make` builds a thread's object on its first use.
    public init(_ make: @escaping @Sendable () -> Value) {
        self.key = Self.makeKey()
        self.make = make
    }

    /// A new `pthread` key whose value, a retained object, is released when its thread exits. For
    /// a reader that keeps the key itself instead of a ``ThreadLocal``.
    public static func makeKey() -> pthread_key_t {
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
        return key
    }

    /// The calling thread's object.
    @inlinable @inline(__always)
    public var current: Value {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
        }
        return makeCurrent()
    }

    /// Runs `body` with the calling thread's object, borrowed: the thread's slot keeps it alive,
    /// so the call takes no reference of its own. `body` must not hand the object to another
    /// thread.
    @inlinable @inline(__always)
    public func withCurrent<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
        if let pointer = pthread_getspecific(key) {
            return try Unmanaged<Value>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
        }
        return try body(makeCurrent())
    }

    /// Makes the calling thread's object on its first use.
    @usableFromInline @inline(never)
    func makeCurrent() -> Value {
        let value = make()
        pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque())
        return value
    }
}
