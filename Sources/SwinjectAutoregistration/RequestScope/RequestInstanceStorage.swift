public import Swinject
import SwinjectKitSupport

/// The storage of one `.request` registration: Swinject asks it for the kept instance before
/// running the factory and hands it the new instance afterwards; both go to the unit of work of
/// the calling task (``RequestScope/current``).
///
/// Outside a unit nothing is kept, so each resolve builds a new instance and none outlives the
/// call; the misuse is recorded on the thread for `resolveOrThrow`, which throws
/// ``ResolutionError/Code/outsideRequestScope``. Swinject's own `resolve` cannot be refused by a
/// storage (it runs the factory whatever the storage answers), so it returns that unkept instance.
final class RequestInstanceStorage: InstanceStorage, UnitOfWorkStorage {
    var instance: Any? {
        get { RequestScope.current?.instance(for: self) }
        set {
            // A failed factory's marker is never kept, so the next resolve runs the factory again.
            if ResolutionFailureMarker.marks(newValue) { return }
            if let unit = RequestScope.current, unit.keep(newValue, for: self) { return }
            guard let newValue else { return }
            ResolutionContext.slot.current.recordOutsideScope(type(of: newValue))
        }
    }
}

extension ObjectScope {
    /// One instance per unit of work: every resolve inside one `container.withScope { … }` shares
    /// it (also from child tasks), parallel units each get their own, and it is released when the
    /// unit ends.
    ///
    /// ```swift
    /// container.register(Transaction.self) { _ in Transaction() }.inObjectScope(.request)
    /// ```
    ///
    /// Outside any unit, `resolveOrThrow` throws ``ResolutionError/Code/outsideRequestScope``
    /// naming the service; Swinject's `resolve` returns a new instance that nothing keeps.
    public static let request = ObjectScope(storageFactory: RequestInstanceStorage.init, description: "request")
}
