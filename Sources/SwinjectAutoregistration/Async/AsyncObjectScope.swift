/// How long an instance made by an async or main-actor registration lives, named as Swinject's
/// object scopes are, so `.inObjectScope(.container)` reads the same on both kinds of entry.
public enum AsyncObjectScope: String, Sendable, CustomStringConvertible {
    /// A new instance on every resolve.
    case transient
    /// One instance per top-level `resolveAsync`: every dependency resolved through the factory's
    /// ``AsyncResolver`` shares it. The default, as in Swinject.
    case graph
    /// One instance for the container and its children. Concurrent first requests create it
    /// once: the others await the creation in flight. A creation that throws is not kept, and the
    /// next request tries again.
    case container
    /// One instance for the container and its children while something else holds it: the
    /// container keeps only a weak reference, and once the last holder releases the instance the
    /// next resolve creates a new one. Concurrent requests while none is held await one creation,
    /// as with ``AsyncObjectScope/container``. A service that is not a class cannot be held
    /// weakly, so each resolve creates a new one, as Swinject's `.weak` does.
    case weak
    /// One instance per unit of work (`container.withScope { … }`), shared by the unit's child
    /// tasks and created once however many of them ask at the same moment, as with
    /// ``AsyncObjectScope/container``; released when the unit ends. Outside any unit the resolve
    /// throws ``ResolutionError/Code/outsideRequestScope``.
    case request

    /// The scope's name: `transient`, `graph`, `container`, `weak` or `request`.
    public var description: String { rawValue }
}
