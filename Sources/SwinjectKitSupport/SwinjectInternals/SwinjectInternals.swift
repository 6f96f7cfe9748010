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
/// | ``ContainerLineage`` | `Container.parent` (a constant) | nothing |
///
/// Each accessor checks the layout it relies on once per process (names, order and types of the
/// stored properties `Mirror` reports, and for raw offsets a probe object whose fields are
/// compared before anything is written) against ``checkedVersion``. On another layout the
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

    /// The stored property at `index` of `subject` when its label is `label`. Only that property
    /// is read (`Mirror` reads a child when it is subscripted), so a field another thread writes
    /// is never touched.
    static func child(_ index: Int, _ label: String, of subject: Any) -> Any? {
        let children = Mirror(reflecting: subject).children
        guard index < children.count else { return nil }
        let child = children[children.index(children.startIndex, offsetBy: index)]
        return child.label == label ? child.value : nil
    }

    /// The labels of `subject`'s stored properties, in declaration order, read without values.
    static func labels(of subject: Any) -> [String] {
        Mirror(reflecting: subject).children.map { $0.label ?? "" }
    }

    /// A probe container, never shared.
    static func probeContainer() -> Container { Container() }
}
