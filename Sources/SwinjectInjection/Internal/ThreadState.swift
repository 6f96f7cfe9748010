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
/// those two stay a few loads and stores: the chain is a stack of steps in memory this object
/// owns (no copy-on-write check, no array bounds check), and whether an error is pending is one
/// flag word, so the common case never copies an ``InjectionError`` (a struct of strings) to
/// compare it with nil.
final class ThreadState {
    /// The stack of steps, outermost first; `depth` of `capacity` slots are initialized.
    @exclusivity(unchecked) private var stack: UnsafeMutablePointer<ResolutionStep>
    @exclusivity(unchecked) private var capacity: Int
    /// How many services are being created on this thread.
    @exclusivity(unchecked) private(set) var depth = 0
    /// ``PendingError`` bits: which of `cycle` and `swallowed` hold an error.
    @exclusivity(unchecked) private(set) var pending: UInt8 = 0
    @exclusivity(unchecked) private var cycleStorage: InjectionError?
    @exclusivity(unchecked) private var swallowedStorage: InjectionError?
    /// How many nested ``CreationLock/withLock(_:)`` calls this thread is inside.
    @exclusivity(unchecked) var creationLockDepth = 0

    init() {
        capacity = 16
        stack = .allocate(capacity: capacity)
    }

    deinit {
        stack.deinitialize(count: depth)
        stack.deallocate()
    }

    /// Every thread's state, created on first use and released when the thread exits. Each
    /// ``Injector`` copies it (a key), so that its requests read it without the lazy-initialization
    /// check of a global.
    static let slot = ThreadLocal { ThreadState() }

    /// This thread's state.
    static var current: ThreadState { slot.current }

    /// This thread's state read through `slot` (an injector's copy of ``slot``), unretained;
    /// valid on this thread until it exits.
    @inline(__always)
    static func unretained(_ slot: ThreadLocal<ThreadState>) -> Unmanaged<ThreadState> {
        slot.unretainedCurrent()
    }

    /// The services being created on this thread, outermost first (a copy, for error messages).
    var steps: [ResolutionStep] { Array(UnsafeBufferPointer(start: stack, count: depth)) }

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

    /// Whether a step with `key` is on the chain.
    @inline(__always)
    func isOnChain(_ key: RegistryKey) -> Bool {
        var index = 0
        while index < depth {
            if stack[index].key.type == key.type && stack[index].key.name == key.name { return true }
            index += 1
        }
        return false
    }

    /// Pushes `step`; the caller has checked ``isOnChain(_:)``.
    @inline(__always)
    func push(_ step: ResolutionStep) {
        if depth == capacity { grow() }
        // An unnamed step is written with a literal nil name: copying an unknown `String?` costs a
        // call to retain it, even when it is nil.
        if step.key.name == nil {
            (stack + depth).initialize(to: ResolutionStep(unnamed: step.key.type, type: step.type))
        } else {
            (stack + depth).initialize(to: step)
        }
        depth += 1
    }

    /// Pops the innermost step; an unnamed one holds nothing to release.
    @inline(__always)
    func pop() {
        depth -= 1
        if stack[depth].key.name != nil { (stack + depth).deinitialize(count: 1) }
    }

    private func grow() {
        let larger = UnsafeMutablePointer<ResolutionStep>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: stack, count: depth)
        stack.deallocate()
        stack = larger
        capacity *= 2
    }
}

/// Bits of ``ThreadState/pending``.
enum PendingError {
    static let cycle: UInt8 = 1
    static let swallowed: UInt8 = 2
}
