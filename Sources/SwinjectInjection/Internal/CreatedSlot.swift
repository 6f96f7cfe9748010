#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import SwinjectKitSupport
#endif

/// Where a lazy or async singleton's ``ServiceStorage`` is published once, under a lock, and then
/// read with one atomic load on every request; the slot retains the storage.
///
/// Elsewhere this is `PublishedReference` (SwinjectKitSupport), which this wraps on Apple systems.
/// On Linux the atomic lives here: a `package` member is not inlined into another module
/// (Swift 6.3), and the call cost the `injector.get.lazySingleton` row 10% of its instructions.
struct CreatedSlot: ~Copyable, @unchecked Sendable {
    #if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
        /// The retained storage's address, or 0 before it is published.
        private let address = Atomic<UInt>(0)

        /// An empty slot; `settable` matters only where the atomic is allocated.
        init(settable: Bool) {}

        // Benchmark: injector.get.lazySingleton
        deinit {
            if let pointer = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) {
                Unmanaged<ServiceStorage>.fromOpaque(pointer).release()
            }
        }

        /// The storage, unretained, once published: valid while the slot's owner lives.
        // Benchmark: injector.get.lazySingleton
        @inline(__always)
        var unretained: Unmanaged<ServiceStorage>? {
            guard let pointer = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) else { return nil }
            return Unmanaged<ServiceStorage>.fromOpaque(pointer)
        }

        /// The storage, once published.
        var storage: ServiceStorage? { unretained?.takeUnretainedValue() }

        /// Publishes `storage` unless a storage is published already.
        // Benchmark: injector.get.lazySingleton
        func publish(_ storage: ServiceStorage) {
            let made = Unmanaged.passRetained(storage)
            let (stored, _) = address.compareExchange(
                expected: 0, desired: UInt(bitPattern: made.toOpaque()), ordering: .acquiringAndReleasing)
            if !stored { made.release() }
        }
    #else
        private let reference: PublishedReference<ServiceStorage>

        /// An empty slot; `settable: false` makes one that stays empty and allocates nothing.
        init(settable: Bool) {
            reference = PublishedReference(settable: settable)
        }

        /// The storage, unretained, once published: valid while the slot's owner lives.
        // Benchmark: injector.get.lazySingleton
        @inline(__always)
        var unretained: Unmanaged<ServiceStorage>? { reference.unretained }

        /// The storage, once published.
        var storage: ServiceStorage? { reference.load() }

        /// Publishes `storage` unless a storage is published already.
        func publish(_ storage: ServiceStorage) {
            reference.setIfNil(storage)
        }
    #endif
}
