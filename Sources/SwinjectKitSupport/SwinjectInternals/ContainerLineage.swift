package import Swinject

/// A Swinject container's parent chain, read from `Container.parent`, and whether it is a
/// `synchronize()` view, read from `Container.synchronized` (checked against Swinject
/// ``SwinjectInternals/checkedVersion``): private constants, so reading them is safe from any
/// thread.
package enum ContainerLineage {
    private struct Layout {
        let parent: Int
        let synchronized: Int
    }

    /// `Container`'s stored properties at these indexes are `parent` and `synchronized`.
    private static let parentIndex = 1
    private static let synchronizedIndex = 5

    private static let layout: Layout? = findLayout()

    static var layoutProblem: String? {
        layout == nil
            ? "Container.parent and Container.synchronized are not the stored properties at \(parentIndex) and \(synchronizedIndex)"
            : nil
    }

    /// Finds both constants in the runtime's field records, then checks what they hold in probe
    /// containers: a child's parent, and the flag of a child and of its `synchronize()` view.
    private static func findLayout() -> Layout? {
        guard let fields = SwinjectInternals.containerFields,
            let parentOffset = StoredFields.offset(
                at: parentIndex, named: "parent", in: fields, type: Optional<Container>.self),
            let synchronizedOffset = StoredFields.offset(
                at: synchronizedIndex, named: "synchronized", in: fields, type: Bool.self)
        else { return nil }
        let parent = SwinjectInternals.probeContainer()
        let child = Container(parent: parent)
        guard let view = child.synchronize() as? Container,
            StoredFields.load(Container?.self, at: parentOffset, of: child) === parent,
            StoredFields.load(Container?.self, at: parentOffset, of: parent) == nil,
            !StoredFields.load(Bool.self, at: synchronizedOffset, of: child),
            StoredFields.load(Bool.self, at: synchronizedOffset, of: view)
        else { return nil }
        return Layout(parent: parentOffset, synchronized: synchronizedOffset)
    }

    /// `container`, its parent, its grandparent, ... (each once).
    package static func ancestry(of container: Container) -> [Container] {
        var result = [container]
        var current = container
        while let parent = parent(of: current), !result.contains(where: { $0 === parent }) {
            result.append(parent)
            current = parent
        }
        return result
    }

    /// Whether `container` was made by `synchronize()`: reads only the private `synchronized`
    /// constant, never the fields resolution changes.
    package static func isSynchronizedView(_ container: Container) -> Bool {
        guard let layout else { return false }
        return StoredFields.load(Bool.self, at: layout.synchronized, of: container)
    }

    /// The parent container.
    package static func parent(of container: Container) -> Container? {
        guard let layout else { return nil }
        return StoredFields.load(Container?.self, at: layout.parent, of: container)
    }
}
