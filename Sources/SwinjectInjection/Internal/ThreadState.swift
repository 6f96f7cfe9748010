import SwinjectKitSupport

/// What the injector keeps per thread: the chain of services being created and how deep the
/// thread holds the creation lock.
///
/// Kept in a `ThreadLocal` (see there for why per-thread state follows a resolution exactly) and
/// read unretained: the thread's slot holds the state until the thread exits, so code running on
/// the thread may use it without a reference count (two atomic operations per object built).
/// Touched only by its own thread, so it needs no lock and its accesses no run-time exclusivity
/// check.
///
/// Every object an injector builds passes through ``enter(_:)`` and ``leave(_:succeeded:)``, so
/// those two stay a few loads and stores: the chain is a ``ResolutionStack`` of registry keys, and
/// whether an error is pending is one flag word, so the common case never copies an
/// ``InjectionError`` (a struct of strings) to compare it with nil.
final class ThreadState {
    /// The keys of the services being created on this thread, outermost first.
    // Unchecked: every object an injector builds pushes and pops.
    // Benchmark: graph.injector.factory.100
    @exclusivity(unchecked) private var stack = ResolutionStack()
    /// How many services are being created on this thread.
    var depth: Int { stack.depth }
    /// ``PendingError`` bits: which of `cycle` and `swallowed` hold an error. Read by every object
    /// an injector builds.
    // Benchmark: graph.injector.factory.100
    @exclusivity(unchecked) private(set) var pending: UInt8 = 0

    private var cycleStorage: InjectionError?
    private var swallowedStorage: InjectionError?
    /// How many nested ``CreationLock/withLock(_:)`` calls this thread is inside.
    var creationLockDepth = 0

    /// Every thread's state, created on first use and released when the thread exits. Each
    /// ``Injector`` copies it (a key), so that its requests read it without the lazy-initialization
    /// check of a global.
    static let slot = ThreadLocal { ThreadState() }

    /// This thread's state.
    static var current: ThreadState { slot.current }

    /// This thread's state read through `slot` (an injector's copy of ``slot``), unretained;
    /// valid on this thread until it exits.
    // Benchmark: graph.injector.factory.100
    @inline(__always)
    static func unretained(_ slot: ThreadLocal<ThreadState>) -> Unmanaged<ThreadState> {
        slot.unretainedCurrent()
    }

    /// The type names of the services being created on this thread, outermost first.
    var chain: [String] {
        // A key's identity is `ObjectIdentifier(Service.self)` (see `RegistryKey`): the bits of the
        // service's metatype.
        // No safe equivalent: Swift has no API that turns an ObjectIdentifier back into its metatype.
        stack.keys.map { TypeNames.qualified(unsafeBitCast($0.identity, to: Any.Type.self)) }
    }

    /// The first cycle found during the outermost request, kept so the outermost request reports it
    /// even when an inner optional accessor (a subscript, `getObject`, a Swinject forwarder) turned it
    /// into nil.
    var cycle: InjectionError? {
        get { pending & PendingError.cycle == 0 ? nil : cycleStorage }
        set {
            cycleStorage = newValue
            pending = newValue == nil ? pending & ~PendingError.cycle : pending | PendingError.cycle
        }
    }

    /// The first error a Swinject forwarder turned into nil during the outermost request, so a
    /// Swinject registration that then produced nil can say why.
    var swallowed: InjectionError? {
        get { pending & PendingError.swallowed == 0 ? nil : swallowedStorage }
        set {
            swallowedStorage = newValue
            pending = newValue == nil ? pending & ~PendingError.swallowed : pending | PendingError.swallowed
        }
    }

    /// Pushes `key` and returns true, or returns false when it is already on the chain.
    func push(_ key: RegistryKey) -> Bool {
        stack.enter(key.type, name: key.name) == nil
    }

    /// Pops the innermost key.
    func pop() {
        stack.pop()
    }
}

/// Bits of ``ThreadState/pending``.
enum PendingError {
    static let cycle: UInt8 = 1
    static let swallowed: UInt8 = 2
}
