import Foundation
package import Swinject

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The recursive lock a container's lineage shares, which Swinject's synchronized resolvers
/// (`synchronize()`) hold for every resolve, taken directly.
///
/// `Container.lock` (a constant, stored property 8 in Swinject ``SwinjectInternals/checkedVersion``)
/// is a `RecursiveLock` with one stored property: an `NSRecursiveLock` where Foundation provides
/// the lock (Linux), a pointer to a recursive `pthread_mutex_t` on Apple platforms. Taking it
/// touches nothing else of the container, so it can be taken from any thread without changing a
/// resolution in progress.
package enum SwinjectContainerLock {
    private enum Handle: @unchecked Sendable {
        // @unchecked: both are thread-safe locks owned by a container that outlives the call.
        case foundation(NSRecursiveLock)
        case mutex(UnsafeMutablePointer<pthread_mutex_t>)
    }

    private static let lockIndex = 8

    static var layoutProblem: String? {
        find(in: SwinjectInternals.probeContainer()) == nil
            ? "Container.lock is not a RecursiveLock holding an NSRecursiveLock or a pthread mutex at index \(lockIndex)"
            : nil
    }

    private static func find(in container: Container) -> Handle? {
        guard let lock = SwinjectInternals.child(lockIndex, "lock", of: container),
            TypeNames.short(type(of: lock)) == "RecursiveLock"
        else { return nil }
        if let foundation = SwinjectInternals.child(0, "recursiveLock", of: lock) as? NSRecursiveLock {
            return .foundation(foundation)
        }
        if let mutex = SwinjectInternals.child(0, "mutex", of: lock) as? UnsafeMutablePointer<pthread_mutex_t> {
            return .mutex(mutex)
        }
        return nil
    }

    /// Whether the lock of `container` can be taken (Swinject's layout is the known one).
    package static func isAvailable(in container: Container) -> Bool { find(in: container) != nil }

    /// Runs `body` holding the lock of `container`'s lineage. On an unknown Swinject layout
    /// (``SwinjectInternals/layoutProblems``) `body` runs unlocked, as Swinject's own `register`
    /// does on a plain container.
    package static func withLock<T>(of container: Container, _ body: () throws -> T) rethrows -> T {
        switch find(in: container) {
        case .foundation(let lock):
            lock.lock()
            defer { lock.unlock() }
            return try body()
        case .mutex(let mutex):
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body()
        case nil:
            return try body()
        }
    }
}
