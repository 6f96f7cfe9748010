import Swinject

/// Every read or write of Swinject's private layout that SwinjectKit makes, in one place.
///
/// Swinject offers no resolve hook and no public list of registrations. SwinjectKit needs both
/// for three features (rebuilding what a reload changed, recording which properties a factory
/// read, serving a test's override to plain `resolve`), so it reaches into Swinject through the
/// accessors in this folder and nowhere else:
///
/// | accessor | reads | writes |
/// | --- | --- | --- |
/// | ``SwinjectRegistrationTable`` | `Container.services` under its `ReadWriteLock` | nothing |
/// | ``SwinjectContainerLock`` | `Container.lock` (a constant) | nothing; takes the lock |
/// | ``SwinjectEntryFields`` | `ServiceEntry.objectScope`, `.container`, `.storage` | `.storage`, once per entry |
/// | ``ContainerLineage`` | `Container.parent`, `.synchronized` (constants) | nothing |
///
/// Each accessor checks the layout it relies on once per process against ``checkedVersion``: the
/// names, order and types of the stored properties in the runtime's field records
/// (``StoredFields``, which also gives the offsets), then what a probe object holds at those
/// offsets, before anything is read from a user's container or written. On another layout the
/// accessor answers nil and the feature reports itself unavailable; ``layoutProblems`` lists
/// what differed, and the probe test suite fails on any entry, so a Swinject release with
/// another layout fails CI instead of degrading quietly. `Package.swift` pins Swinject to
/// `.upToNextMinor(from: "2.10.0")`.
package enum SwinjectInternals {
    /// The Swinject version every accessor here was checked against.
    package static let checkedVersion = "2.10.0"

    /// What differs from the layout this folder expects; empty when every accessor works.
    package static var layoutProblems: [String] {
        var problems: [String] = []
        if let problem = SwinjectRegistrationTable.layoutProblem { problems.append(problem) }
        if let problem = SwinjectContainerLock.layoutProblem { problems.append(problem) }
        if let problem = SwinjectEntryFields.layoutProblem { problems.append(problem) }
        if let problem = ContainerLineage.layoutProblem { problems.append(problem) }
        return problems
    }

    /// `Container`'s stored properties, read once for every accessor that finds a field in them.
    static let containerFields = StoredFields.of(Container.self)

    /// A probe container, never shared.
    static func probeContainer() -> Container { Container() }
}
