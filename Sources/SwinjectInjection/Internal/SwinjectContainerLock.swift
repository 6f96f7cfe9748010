import Foundation
@_spi(Reflection) import Swift
import Swinject

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The recursive lock Swinject's synchronized resolver takes for every resolve, taken directly.
///
/// A `synchronize()`d view shares its container's `lock`, a Swinject `RecursiveLock` with one
/// stored property: an `NSRecursiveLock` where Foundation provides the lock (Linux), a pointer to
/// a recursive `pthread_mutex_t` on Apple platforms. Swinject has no public way to take it;
/// ``Injector/withSwinjectLock(_:)`` takes it by resolving an internal registration, which runs
/// Swinject's whole resolve path (object graph, depth, scope storage) around the work. Registering
/// an injector's forwarder needs only the lock, so this reads the lock object (the container's
/// `lock` is a constant) and takes it with its own calls.
///
/// The lock is found by the stored properties' names, types and offsets, which the runtime
/// describes per type (`_forEachField`), once per process: `Mirror` would do the same but first
/// asks whether each value is `CustomReflectable`, and a process's first conformance question
/// about a type scans every conformance record, which would cost a command-line tool's first
/// registration more than the lock saves.
///
/// Every step checks the layout it relies on; when one does not match (another Swinject
/// version), ``find(in:)`` returns nil and callers fall back to the resolve.
enum SwinjectContainerLock {
    /// A lock found in a container.
    enum Handle: @unchecked Sendable {
        // @unchecked: both locks are thread-safe objects owned by the container, which outlives
        // every injector registration that uses them.
        case foundation(NSRecursiveLock)
        case mutex(UnsafeMutablePointer<pthread_mutex_t>)

        /// Runs `body` while holding the lock.
        func withLock(_ body: () -> Void) {
            switch self {
            case .foundation(let lock):
                lock.lock()
                defer { lock.unlock() }
                body()
            case .mutex(let mutex):
                pthread_mutex_lock(mutex)
                defer { pthread_mutex_unlock(mutex) }
                body()
            }
        }
    }

    /// Where the lock sits: the offset of `Container.lock` and of the lock's one field, and
    /// which kind of lock that field holds.
    private struct Layout {
        let containerOffset: Int
        let lockOffset: Int
        let isFoundation: Bool
    }

    /// The layout of this process's Swinject, or nil when it is not the known one.
    private static let layout: Layout? = findLayout()

    /// The lock of `container`, or nil when Swinject's layout is not the one this reader knows.
    static func find(in container: Container) -> Handle? {
        guard let layout else { return nil }
        let base = UnsafeRawPointer(Unmanaged.passUnretained(container).toOpaque())
        let lockObject = (base + layout.containerOffset).load(as: AnyObject.self)
        let lockBase = UnsafeRawPointer(Unmanaged.passUnretained(lockObject).toOpaque())
        if layout.isFoundation {
            let lock = (lockBase + layout.lockOffset).load(as: AnyObject.self)
            return (lock as? NSRecursiveLock).map(Handle.foundation)
        }
        return .mutex((lockBase + layout.lockOffset).load(as: UnsafeMutablePointer<pthread_mutex_t>.self))
    }

    private static func findLayout() -> Layout? {
        guard let (containerOffset, lockType) = field("lock", of: Container.self),
            _typeName(lockType, qualified: false) == "RecursiveLock",
            fieldCount(of: lockType) == 1
        else { return nil }
        if let (offset, type) = field("recursiveLock", of: lockType), type == NSRecursiveLock.self {
            return Layout(containerOffset: containerOffset, lockOffset: offset, isFoundation: true)
        }
        if let (offset, type) = field("mutex", of: lockType), type == UnsafeMutablePointer<pthread_mutex_t>.self {
            return Layout(containerOffset: containerOffset, lockOffset: offset, isFoundation: false)
        }
        return nil
    }

    /// `_EachFieldOptions.classType` and `.ignoreUnknown`, spelled by value: the standard
    /// library declares them as mutable statics, which Swift 6 will not read from here.
    private static let classFields = _EachFieldOptions(rawValue: 1 << 0 | 1 << 1)

    /// The offset and type of the stored property `name` of the class `type`.
    private static func field(_ name: String, of type: Any.Type) -> (offset: Int, type: Any.Type)? {
        var found: (offset: Int, type: Any.Type)?
        _forEachField(of: type, options: classFields) { fieldName, offset, fieldType, _ in
            guard String(cString: fieldName) == name else { return true }
            found = (offset, fieldType)
            return false
        }
        return found
    }

    /// The number of stored properties of the class `type`.
    private static func fieldCount(of type: Any.Type) -> Int {
        var count = 0
        _forEachField(of: type, options: classFields) { _, _, _, _ in
            count += 1
            return true
        }
        return count
    }
}
