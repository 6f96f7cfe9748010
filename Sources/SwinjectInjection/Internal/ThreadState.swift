import SwinjectKitSupport

/// What the injector keeps per thread: the chain of services being created and how deep the
/// thread holds the creation lock.
///
/// Kept in a ``ThreadLocal`` (see there for why per-thread state follows a resolution exactly);
/// touched only by its own thread, so it needs no lock and its accesses no run-time exclusivity
/// check.
final class ThreadState {
    /// The services being created on this thread, outermost first.
    @exclusivity(unchecked) var steps: [ResolutionStep] = []
    /// The first cycle found during the outermost request, kept so the outermost request reports it
    /// even when an inner optional accessor (a subscript, `getObject`, a Swinject forwarder) turned it
    /// into nil.
    @exclusivity(unchecked) var cycle: InjectionError?
    /// The first error a Swinject forwarder turned into nil during the outermost request, so a
    /// Swinject registration that then produced nil can say why.
    @exclusivity(unchecked) var swallowed: InjectionError?
    /// How many nested ``CreationLock/withLock(_:)`` calls this thread is inside.
    @exclusivity(unchecked) var creationLockDepth = 0

    /// This thread's state, created on first use and released when the thread exits.
    static var current: ThreadState { slot.current }

    private static let slot = ThreadLocal { ThreadState() }
}
