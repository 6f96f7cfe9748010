#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// A flag that goes from `false` to `true` once and is read without a lock on the resolve path.
///
/// Inside its owner on Linux (`Synchronization.Atomic`); on Apple systems, whose floor lacks
/// `Synchronization`, a swift-atomics `ManagedAtomic`. Internal to this module because a `package`
/// member is not inlined into another module (Swift 6.3): through `SwinjectKitSupport` each read
/// was a call, on the `injector.get.lazySingleton` row. CI builds the second form on Linux too
/// (`-DSWINJECTKIT_PORTABLE_ATOMICS`).
struct AtomicFlag: ~Copyable, @unchecked Sendable {
    #if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
        private let value = Atomic<Bool>(false)
    #else
        private let value = ManagedAtomic<Bool>(false)
    #endif

    /// A flag that is not set.
    init() {}

    /// Whether the flag is set, with no ordering of other memory.
    func isSet() -> Bool {
        value.load(ordering: .relaxed)
    }

    /// Whether the flag is set; the reads after it see the writes made before ``setReleasing()``.
    func isSetAcquiring() -> Bool {
        value.load(ordering: .acquiring)
    }

    /// Sets the flag, with no ordering of other memory.
    func set() {
        value.store(true, ordering: .relaxed)
    }

    /// Sets the flag and publishes the writes before it to ``isSetAcquiring()``.
    func setReleasing() {
        value.store(true, ordering: .releasing)
    }
}
