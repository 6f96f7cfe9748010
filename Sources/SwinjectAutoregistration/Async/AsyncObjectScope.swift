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

    /// The scope's name: `transient`, `graph` or `container`.
    public var description: String { rawValue }
}
