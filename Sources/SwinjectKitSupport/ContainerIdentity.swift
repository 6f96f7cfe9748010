#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// A container as a per-thread cache remembers it: its address together with the count of
/// containers with attachments freed so far, read at the same moment.
///
/// Two identities are equal only while no container with attachments was freed in between, and a
/// container's address can be reused only after it is freed; so for a container that has
/// attachments, an equal identity names the same living object. A cache keeps this instead of a
/// weak reference, whose every read retains and releases the container through its side table.
///
/// Remember only a container that has attachments: freeing one without them does not change the
/// count, so its address could come back as another container with an equal identity. Take the
/// identity before looking anything up, so that a container freed during the look-up leaves the
/// remembered identity out of date rather than current.
///
/// Making and comparing one is two loads and two comparisons.
package struct ContainerIdentity: Equatable, Sendable {
    let address: UInt
    let releases: Int

    /// `container`'s identity now.
    package init(_ container: AnyObject) {
        address = UInt(bitPattern: ObjectIdentifier(container))
        releases = Self.freedContainers.load(ordering: .acquiring)
    }

    init(address: UInt, releases: Int) {
        self.address = address
        self.releases = releases
    }

    /// An identity no container has: what a cache holds while it remembers none.
    package static var none: Self { Self(address: 0, releases: 0) }

    /// How many containers with attachments were deallocated, counted before their memory is
    /// freed.
    static let freedContainers = StoredAtomic<Int>(0)

    /// Counts a container with attachments as freed; called before its memory is.
    package static func containerWillBeFreed() {
        freedContainers.wrappingIncrement(by: 1, ordering: .releasing)
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.address == rhs.address && lhs.releases == rhs.releases
    }
}
