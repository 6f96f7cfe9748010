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

    /// Where the lock is: the offset of `Container.lock`, and which kind of lock it holds at
    /// which offset of the `RecursiveLock` object.
    private struct Layout {
        enum Kind {
            case foundation
            case mutex
        }
        let lock: Int
        let kind: Kind
        let inner: Int
    }

    private static let lockIndex = 8

    private static let layout: Layout? = findLayout()

    static var layoutProblem: String? {
        layout == nil
            ? "Container.lock is not a RecursiveLock holding an NSRecursiveLock or a pthread mutex at index \(lockIndex)"
            : nil
    }

    /// Finds the lock in the runtime's field records, then checks that a probe container's lock
    /// reads as one.
    private static func findLayout() -> Layout? {
        guard let fields = SwinjectInternals.containerFields,
            let lockOffset = StoredFields.offset(
                at: lockIndex, named: "lock", in: fields, where: { TypeNames.short($0) == "RecursiveLock" }),
            let lockFields = StoredFields.of(fields[lockIndex].type), let first = lockFields.first
        else { return nil }
        let layout: Layout
        if first.name == "recursiveLock", first.type == NSRecursiveLock.self {
            layout = Layout(lock: lockOffset, kind: .foundation, inner: first.offset)
        } else if first.name == "mutex", first.type == UnsafeMutablePointer<pthread_mutex_t>.self {
            layout = Layout(lock: lockOffset, kind: .mutex, inner: first.offset)
        } else {
            return nil
        }
        return find(in: SwinjectInternals.probeContainer(), layout: layout) == nil ? nil : layout
    }

    private static func find(in container: Container) -> Handle? {
        layout.flatMap { find(in: container, layout: $0) }
    }

    private static func find(in container: Container, layout: Layout) -> Handle? {
        let lock = StoredFields.load(AnyObject.self, at: layout.lock, of: container)
        switch layout.kind {
        case .foundation: return .foundation(StoredFields.load(NSRecursiveLock.self, at: layout.inner, of: lock))
        case .mutex:
            return .mutex(StoredFields.load(UnsafeMutablePointer<pthread_mutex_t>.self, at: layout.inner, of: lock))
        }
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
