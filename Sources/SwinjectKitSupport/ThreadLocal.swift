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
/// The getter returns the object unretained: the thread's slot keeps the object alive until the
/// thread exits, longer than any caller on that thread can hold it.
///
/// A value holding only the key: reading a slot costs one load of the key, as a hand-kept key
/// would, and an object that reads a slot on every request may keep a copy of it in a stored
/// property, which saves the lazy-initialization check of a global. The function that makes a
/// thread's object is kept in ``ThreadLocalMakers`` under the key, read once per thread.
///
/// `@unchecked Sendable`: the key is created once and the objects never leave their thread.
package struct ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    let key: pthread_key_t

    /// Creates the slot; `make` builds a thread's object on its first use.
    package init(_ make: @escaping @Sendable () -> Value) {
        self.key = Self.makeKey()
        ThreadLocalMakers.register(make, for: key)
    }

    /// A new `pthread` key whose value, a retained object, is released when its thread exits.
    // No safe equivalent: a pthread key holds a raw pointer, and Swift has no thread-local storage
    static func makeKey() -> pthread_key_t {
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
    // No safe equivalent: a pthread key holds a raw pointer, and Swift has no thread-local storage
    package var current: Value {
        Unmanaged<Value>.fromOpaque(currentPointer).takeUnretainedValue()
    }

    /// Runs `body` with the calling thread's object. `body` must not hand the object to another
    /// thread.
    package func withCurrent<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
        try body(current)
    }

    /// The calling thread's object, unretained, for a caller that borrows it across code that
    /// throws a typed error, which ``withCurrent(_:)`` would turn into `any Error`. It stays valid
    /// on this thread until the thread exits and must not be handed to another thread.
    // Benchmark: graph.injector.factory.100
    package func unretainedCurrent() -> Unmanaged<Value> {
        Unmanaged.fromOpaque(currentPointer)
    }

    /// The calling thread's object as the slot holds it. The first use on a thread makes it
    /// through a call that needs only the key, so the common path keeps nothing else live.
    var currentPointer: UnsafeMutableRawPointer {
        pthread_getspecific(key) ?? ThreadLocalMakers.makeCurrent(for: key)
    }
}

/// The function that makes a thread's object for each ``ThreadLocal``, by key. Read only on a
/// thread's first use of a slot, so a lock is cheap enough.
enum ThreadLocalMakers {
    private static let makers = LockedValue<[pthread_key_t: @Sendable () -> AnyObject]>([:])

    static func register<Value: AnyObject>(_ make: @escaping @Sendable () -> Value, for key: pthread_key_t) {
        makers.withLock { $0[key] = { make() } }
    }

    /// Makes the calling thread's object for `key` with the function registered for it, stores
    /// it (retained) under `key`, and returns it as stored. Every key a ``ThreadLocal`` reads was
    /// registered when the slot was made.
    @inline(never)
    static func makeCurrent(for key: pthread_key_t) -> UnsafeMutableRawPointer {
        guard let make = makers.withLock({ $0[key] }) else {
            preconditionFailure("ThreadLocal key \(key) has no maker")
        }
        // No safe equivalent: a pthread key holds a raw pointer, and Swift has no thread-local storage
        let pointer = Unmanaged.passRetained(make()).toOpaque()
        pthread_setspecific(key, pointer)
        return pointer
    }
}
