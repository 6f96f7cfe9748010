package import Swinject

/// A Swinject container's parent chain, read from `Container.parent`, and whether it is a
/// `synchronize()` view, read from `Container.synchronized` (checked against Swinject
/// ``SwinjectInternals/checkedVersion``): private constants, so reading them is safe from any
/// thread.
package enum ContainerLineage {
    /// `Container`'s stored property at this index is `parent`.
    private static let parentIndex = 1
    private static let synchronizedIndex = 5

    static var layoutProblem: String? {
        let parent = Container()
        let child = Container(parent: parent)
        guard let read = SwinjectInternals.child(parentIndex, "parent", of: child) as? Container, read === parent else {
            return "Container.parent is not the stored property at index \(parentIndex)"
        }
        guard SwinjectInternals.child(synchronizedIndex, "synchronized", of: child) as? Bool == false,
            SwinjectInternals.child(synchronizedIndex, "synchronized", of: child.synchronize()) as? Bool == true
        else { return "Container.synchronized is not the stored property at index \(synchronizedIndex)" }
        return nil
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
        SwinjectInternals.child(synchronizedIndex, "synchronized", of: container) as? Bool ?? false
    }

    /// The parent container.
    package static func parent(of container: Container) -> Container? {
        if let link = parents.remembered(for: container) { return link.object as? Container }
        let parent = SwinjectInternals.child(parentIndex, "parent", of: container) as? Container
        parents.remember(parent, for: container)
        return parent
    }

    /// The parents read so far. A parent is a constant the child holds, so while the memo finds
    /// the child its parent is alive; reading it through `Mirror` costs about 20,000
    /// instructions, too many for a property read through a `synchronize()` view.
    private static let parents = ContainerMemo()
}
