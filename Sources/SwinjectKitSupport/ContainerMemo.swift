package import Swinject

/// What is remembered per container for containers that may have no ``ContainerAttachments`` to
/// keep it in, such as the view `synchronize()` returns: an object and a count. An entry is found
/// by the container's address and only while its weak reference still names that container, so
/// a later container at a reused address never finds an earlier one's entry.
///
/// The object is held weakly too: it is one the container keeps alive (its parent, an
/// ancestor's store), or a process-wide one. Remembering never changes the container, and
/// entries of freed containers are dropped when the table doubles. A look-up is one lock, one
/// hash and two weak loads. Not generic: a generic class used from another module instantiates
/// its metadata at run time on every look-up.
package final class ContainerMemo: Sendable {
    /// What was remembered for a container.
    package struct Remembered {
        package let object: AnyObject?
        package let count: Int
    }

    // `@unchecked Sendable`: touched only under ``table``'s lock.
    private final class Entry: @unchecked Sendable {
        weak var container: Container?
        weak var object: AnyObject?
        let count: Int

        init(container: Container, object: AnyObject?, count: Int) {
            self.container = container
            self.object = object
            self.count = count
        }
    }

    private struct Table {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// When ``entries`` reaches this size, entries of freed containers are dropped.
        var pruneAt = 64
    }

    private let table = LockedValue(Table())

    package init() {}

    /// What was remembered for `container`, if anything.
    package func remembered(for container: Container) -> Remembered? {
        table.withLock { table in
            guard let entry = table.entries[ObjectIdentifier(container)], entry.container === container else {
                return nil
            }
            return Remembered(object: entry.object, count: entry.count)
        }
    }

    /// Remembers `object` and `count` for `container`, replacing what was remembered.
    package func remember(_ object: AnyObject?, count: Int = 0, for container: Container) {
        let entry = Entry(container: container, object: object, count: count)
        table.withLock { table in
            table.entries[ObjectIdentifier(container)] = entry
            if table.entries.count >= table.pruneAt {
                table.entries = table.entries.filter { $0.value.container != nil }
                table.pruneAt = max(64, table.entries.count * 2)
            }
        }
    }
}
