import PropertyFormats
import Swinject
import SwinjectPropertyLoader

/// What `explain` finds for one key: every layer that set it, in the order they apply, and
/// what became of each value.
struct Explanation {
    enum Outcome {
        /// The merged value.
        case wins
        /// A later source set the same key (the record's `overridden` list names this source).
        case overridden
        /// A later source set `ancestor` whole, with no member at this key.
        case dropped(ancestor: String, by: PropertySource)
    }

    struct Entry {
        let layer: Int
        let source: PropertySource
        let value: PropertyValue
        let outcome: Outcome
    }

    let record: PropertyRecord?
    let entries: [Entry]

    /// Reads `key` from the merged `container` and from each layer applied alone.
    init(key: String, container: Container, layers: ConfigurationLayers) {
        let record = container.propertyRecord(for: key)
        let alone = layers.containersPerLayer()
        let ownRecords = alone.map { $0.container?.propertyRecord(for: key) }
        // The winner and the sources it replaced, oldest first: the record's own provenance.
        var chain: [PropertySource] = []
        if let record { chain = record.overridden.reversed() + [record.source] }
        var entries: [Entry] = []
        for (layer, own) in ownRecords.enumerated() {
            guard let own else { continue }
            let outcome: Outcome
            if let record, own.source == record.source {
                outcome = .wins
            } else if chain.contains(own.source) {
                outcome = .overridden
            } else if let dropping = Self.dropping(key, after: layer, in: alone.map(\.container)) {
                outcome = .dropped(ancestor: dropping.ancestor, by: dropping.source)
            } else {
                outcome = .overridden
            }
            entries.append(Entry(layer: layer, source: own.source, value: own.value, outcome: outcome))
        }
        self.record = record
        self.entries = entries
    }

    /// The first layer after `layer` that sets an ancestor of `key` without setting `key`, and
    /// the ancestor, nearest first.
    private static func dropping(
        _ key: String, after layer: Int, in containers: [Container?]
    ) -> (ancestor: String, source: PropertySource)? {
        let ancestors = KeyAncestors.of(key)
        for later in containers.indices where later > layer {
            guard let container = containers[later], container.propertyRecord(for: key) == nil else { continue }
            for ancestor in ancestors.reversed() {
                if let found = container.propertyRecord(for: ancestor) { return (ancestor, found.source) }
            }
        }
        return nil
    }
}

/// The keys of the tables on the way to a flat key: `a`, `a.b` for `a.b.c`. A dot inside a
/// quoted segment (`a."b.c".d`) does not split.
enum KeyAncestors {
    static func of(_ key: String) -> [String] {
        var ancestors: [String] = []
        var quoted = false
        var escaped = false
        var index = key.startIndex
        while index < key.endIndex {
            let character = key[index]
            if escaped {
                escaped = false
            } else if quoted && character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == "." && !quoted {
                ancestors.append(String(key[..<index]))
            }
            index = key.index(after: index)
        }
        return ancestors
    }
}
