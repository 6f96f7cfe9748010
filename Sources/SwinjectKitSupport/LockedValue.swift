/// A value that is read and written only while holding its ``Lock``.
///
/// The value lives in this class, outside the lock, so the thread sanitizer sees every access
/// ordered by the lock's pthread calls.
///
/// `@unchecked Sendable`: `value` is touched only inside ``withLock(_:)``. For the same reason its
/// accesses need no run-time exclusivity check: the lock already makes them exclusive.
///
/// Public, not `package`: the compiler inlines an `@inlinable` body into another module only when
/// it is public, and every lock section of the other modules goes through ``withLock(_:)``. This
/// target is no product, so no client sees it.
public final class LockedValue<Value>: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var value: Value

    /// Creates the value, unlocked.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value while holding the lock.
    @inlinable @inline(__always)
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
