import SwinjectKitSupport

/// The one process-wide, re-entrant lock under which every injector creates lazy singletons,
/// resolves `@LazyInjected` properties and enters Swinject.
///
/// Why one lock for all injectors: a lazy singleton's factory may ask another injector for another
/// lazy singleton, whose factory may ask the first injector. With a lock per injector, two threads
/// doing that from opposite ends each hold one lock and wait for the other's. With one lock there is
/// no order to get wrong.
///
/// Why Swinject is entered under it: a Swinject factory may resolve an `Injection` lazy singleton
/// through the injector's forwarder while Swinject holds its own container lock, and a lazy singleton's
/// factory may resolve a Swinject registration. The injector takes this lock before Swinject's lock
/// on every path it starts, so both orders are the same order. (A resolve the user starts on their
/// own `container.synchronize()` view takes Swinject's lock first; if it reaches a lazy singleton that
/// is not created yet while another thread creates one through the injector, the two can wait on
/// each other. Resolving through the injector avoids that.)
///
/// Re-entrant per thread through ``ThreadState/creationLockDepth``, so a factory that asks for
/// another lazy singleton does not wait on itself, and nesting costs no Swinject resolution depth.
enum CreationLock {
    private static let lock = Lock()

    /// Takes the lock for the thread whose state is `state` (re-entrant); pair with ``leave(_:)``.
    static func enter(_ state: ThreadState) {
        if state.creationLockDepth == 0 { lock.lock() }
        state.creationLockDepth += 1
    }

    /// Releases one ``enter(_:)``.
    static func leave(_ state: ThreadState) {
        state.creationLockDepth -= 1
        if state.creationLockDepth == 0 { lock.unlock() }
    }

    /// Runs `body` while this thread holds the creation lock.
    static func withLock<Value, Failure: Error>(
        _ body: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let state = ThreadState.current
        if state.creationLockDepth == 0 { lock.lock() }
        state.creationLockDepth += 1
        defer {
            state.creationLockDepth -= 1
            if state.creationLockDepth == 0 { lock.unlock() }
        }
        return try body()
    }
}
