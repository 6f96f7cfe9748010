package import Atomics

/// A reference set at most once and then read without a lock, with one atomic load.
///
/// The owner stores it as a `let`; the reference it holds is retained from ``setIfNil(_:)`` on and
/// released when the owner goes away. A reader that holds the owner may borrow the object without
/// retaining it (``unretained``), since the owner keeps it alive. `~Copyable`, so exactly one value
/// owns the retain.
///
/// swift-atomics' `ManagedAtomicLazyReference` has the same semantics, but its `load()` is not
/// inlinable: a call and a generic metadata lookup on every read of the resolve path.
package struct PublishedReference<Object: AnyObject>: ~Copyable {
    /// The retained object's address, or 0 before it is set. An integer, since a pointer is not
    /// `Sendable`.
    @usableFromInline let address = ManagedAtomic<UInt>(0)

    /// Creates an empty reference.
    package init() {}

    deinit {
        if let pointer = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) {
            Unmanaged<Object>.fromOpaque(pointer).release()
        }
    }

    /// The object, unretained, if it is set: valid as long as the owner of this reference lives.
    @inlinable @inline(__always)
    package var unretained: Unmanaged<Object>? {
        guard let pointer = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer)
    }

    /// The object, if it is set.
    @inlinable @inline(__always)
    package func load() -> Object? {
        unretained?.takeUnretainedValue()
    }

    /// Sets `object` unless an object is set already; returns the object that is set. A caller
    /// that loses a race gets the winner's object, and `object` is not retained.
    @discardableResult
    package func setIfNil(_ object: Object) -> Object {
        let made = Unmanaged.passRetained(object)
        let (stored, current) = address.compareExchange(
            expected: 0, desired: UInt(bitPattern: made.toOpaque()), ordering: .acquiringAndReleasing)
        guard !stored else { return object }
        made.release()
        guard let pointer = UnsafeRawPointer(bitPattern: current) else { return object }
        return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }
}

extension PublishedReference: @unchecked Sendable where Object: Sendable {}
