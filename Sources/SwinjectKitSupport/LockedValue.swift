/// A value that is read and written only while holding its ``Lock``.
///
/// The value lives in this class, outside the lock, so the thread sanitizer sees every access
/// ordered by the lock's pthread calls.
///
/// `@unchecked Sendable`: `value` is touched only inside ``withLock(_:)``.
///
/// `package`, like everything in this target, which is no product. The compiler keeps the body
/// of a `package` declaration out of other modules, so they call ``withLock(_:)`` rather than
/// inline it.
package final class LockedValue<Value>: @unchecked Sendable {
    let lock = Lock()
    var value: Value

    /// Creates the value, unlocked.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value while holding the lock.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
