import Swinject
import SwinjectKitSupport

/// What an async resolve needs from the container it starts on: the container and its ancestors
/// (whose registries are searched, child first, as Swinject searches its entries) and the
/// lineage's ``ContainerGate``.
///
/// The parent chain is read through the one hook (``ContainerLineage``) and the lineage is kept on
/// the container's attachments when it has some; a container without attachments has no async
/// registrations of its own and is read each time without being changed.
final class AsyncLineage: Sendable {
    let members: [AsyncContainerReference]
    let gate: ContainerGate

    private init(_ container: Container) {
        let ancestry = ContainerLineage.ancestry(of: container)
        members = ancestry.map(AsyncContainerReference.init)
        let root = ancestry.last ?? container
        if let attachments = ContainerAttachments.existing(for: root) {
            gate = attachments.value(ContainerGate.self) { ContainerGate() }
        } else {
            gate = Self.sharedGate
        }
    }

    /// The lineage of `container`.
    static func of(_ container: Container) -> AsyncLineage {
        guard let attachments = ContainerAttachments.existing(for: container) else { return AsyncLineage(container) }
        if let cached = attachments.value(AsyncLineage.self) { return cached }
        let made = AsyncLineage(container)
        // A lineage on the shared gate is not kept: its root may get a gate of its own later.
        return made.gate === sharedGate ? made : attachments.value(AsyncLineage.self) { made }
    }

    /// The lineage of `container` with the gate attached to its root; for configuration time, so
    /// that every later resolve of the lineage uses that one gate.
    static func installed(on container: Container) -> AsyncLineage {
        // A kept lineage already has its root's gate (``of(_:)`` keeps no shared-gate lineage).
        if let kept = ContainerAttachments.existing(for: container)?.value(AsyncLineage.self) { return kept }
        let root = ContainerLineage.ancestry(of: container).last ?? container
        _ = ContainerAttachments.of(root).value(ContainerGate.self) { ContainerGate() }
        return ContainerAttachments.of(container).value(AsyncLineage.self) { AsyncLineage(container) }
    }

    /// The registration of `key` in the nearest container that has one.
    func registration(for key: RegistrationKey) -> AsyncRegistration? {
        for member in members {
            if let found = AsyncRegistry.existing(for: member.container)?.registration(for: key) { return found }
        }
        return nil
    }

    /// Every async registration of `service` visible from the container, nearest first.
    func registrations(of service: Any.Type) -> [AsyncRegistration] {
        members.flatMap { AsyncRegistry.existing(for: $0.container)?.registrations(of: service) ?? [] }
    }

    /// Whether any container of the lineage has an async or main-actor registration.
    var hasRegistrations: Bool {
        members.contains { AsyncRegistry.existing(for: $0.container)?.isEmpty == false }
    }

    /// Used by lineages whose root has no attachments: correct, and only coarser.
    private static let sharedGate = ContainerGate()
}
