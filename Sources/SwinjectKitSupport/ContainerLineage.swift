package import Swinject

/// A Swinject container's parent chain.
package enum ContainerLineage {
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

    /// The parent container. Swinject keeps it in a private constant; `Mirror` reads it, which is
    /// safe from any thread because the property never changes.
    package static func parent(of container: Container) -> Container? {
        for child in Mirror(reflecting: container).children where child.label == "parent" {
            return child.value as? Container
        }
        return nil
    }
}
