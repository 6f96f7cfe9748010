#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// A reference set at most once and then read without a lock, with one atomic load.
///
/// The owner stores it as a `let`; the reference it holds is retained from ``setIfNil(_:)`` on and
/// released when the owner goes away. A reader that holds the owner may borrow the object without
/// retaining it (``unretained``), since the owner keeps it alive. `~Copyable`, so exactly one value
/// owns the retain.
///
/// On Linux the address is a `Synchronization.Atomic` inside the owner. Apple systems below
/// macOS 15 and iOS 18 lack `Synchronization`, so there it is an `UnsafeAtomic` in an allocation
/// of its own, made only for a settable reference: swift-atomics' `ManagedAtomic` is a class whose
/// every read costs a retain and a release, and its `ManagedAtomicLazyReference.load()` is not
/// inlinable (`injector.get.lazySingleton` read 18% more instructions through them). CI builds
/// this second form on Linux too (`-DSWINJECTKIT_PORTABLE_ATOMICS`).
///
/// Swift inlines a `package` member only inside this module, whatever its attributes, so a
/// reader in another module pays a call: the `injector.get.lazySingleton` path therefore keeps
/// its own inline copy (`CreatedSlot` in SwinjectInjection).
package struct PublishedReference<Object: AnyObject>: ~Copyable {
    #if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
        /// The retained object's address, or 0 before it is set. An integer, since a pointer is
        /// not `Sendable`.
        let address = Atomic<UInt>(0)

        /// Creates an empty reference. `settable` matters only where the atomic is allocated.
        package init(settable: Bool = true) {}

        var currentAddress: UInt { address.load(ordering: .acquiring) }
    #else
        /// The retained object's address, or 0 before it is set; `nil` for a reference made never
        /// to be set, which then costs no allocation.
        let address: UnsafeAtomic<UInt>?

        /// Creates an empty reference; `settable: false` makes one that stays empty.
        package init(settable: Bool = true) {
            address = settable ? UnsafeAtomic<UInt>.create(0) : nil
        }

        var currentAddress: UInt { address?.load(ordering: .acquiring) ?? 0 }
    #endif

    deinit {
        if let pointer = UnsafeRawPointer(bitPattern: currentAddress) {
            Unmanaged<Object>.fromOpaque(pointer).release()  // Benchmark: injector.get.lazySingleton
        }
        #if !os(Linux) || SWINJECTKIT_PORTABLE_ATOMICS
            address?.destroy()
        #endif
    }

    /// The object, unretained, if it is set: valid as long as the owner of this reference lives.
    package var unretained: Unmanaged<Object>? {  // Benchmark: injector.get.lazySingleton
        guard let pointer = UnsafeRawPointer(bitPattern: currentAddress) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer)  // Benchmark: injector.get.lazySingleton
    }

    /// The object, if it is set.
    package func load() -> Object? {
        unretained?.takeUnretainedValue()
    }

    /// Sets `object` unless an object is set already; returns the object that is set. A caller
    /// that loses a race gets the winner's object, and `object` is not retained. The reference
    /// must be settable.
    @discardableResult
    package func setIfNil(_ object: Object) -> Object {
        let made = Unmanaged.passRetained(object)  // Benchmark: injector.get.lazySingleton
        let desired = UInt(bitPattern: made.toOpaque())
        #if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
            let (stored, current) = address.compareExchange(
                expected: 0, desired: desired, ordering: .acquiringAndReleasing)
        #else
            guard let address else { preconditionFailure("PublishedReference(settable: false) was set") }
            let (stored, current) = address.compareExchange(
                expected: 0, desired: desired, ordering: .acquiringAndReleasing)
        #endif
        guard !stored else { return object }
        made.release()
        guard let pointer = UnsafeRawPointer(bitPattern: current) else { return object }
        return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()  // Benchmark: injector.get.lazySingleton
    }
}

extension PublishedReference: @unchecked Sendable where Object: Sendable {}
