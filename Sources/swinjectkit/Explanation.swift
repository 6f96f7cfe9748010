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

    /// Reads `key` from the merged `container`, and from each layer's own batch the value it
    /// gave (a template as written, before placeholders resolve).
    init(key: String, container: Container, layers: ConfigurationLayers) {
        let record = container.propertyRecord(for: key)
        let batches = layers.layers.map { try? $0.loader.propertyBatch().properties }
        // The winner and the sources it replaced, oldest first: the record's own provenance.
        var chain: [PropertySource] = []
        if let record { chain = record.overridden.reversed() + [record.source] }
        var entries: [Entry] = []
        for (layer, properties) in batches.enumerated() {
            guard let properties, let own = LayerLookup.find(key, in: properties) else { continue }
            let outcome: Outcome
            if let record, Self.sameOrigin(own.source, record.source) {
                outcome = .wins
            } else if chain.contains(where: { Self.sameOrigin($0, own.source) }) {
                outcome = .overridden
            } else if let dropping = Self.dropping(key, after: layer, in: batches, merge: layers.merge) {
                outcome = .dropped(ancestor: dropping.ancestor, by: dropping.source)
            } else {
                outcome = .overridden
            }
            entries.append(Entry(layer: layer, source: own.source, value: own.value, outcome: outcome))
        }
        // A source whose batch spells the key another way (an environment variable matched to
        // an earlier key when applied) still shows as the winner, with the merged value.
        if let record, !entries.contains(where: { Self.sameOrigin($0.source, record.source) }) {
            entries.append(Entry(layer: batches.count, source: record.source, value: record.value, outcome: .wins))
        }
        self.record = record
        self.entries = entries
    }

    /// Whether two sources name the same place (whatever their flags).
    private static func sameOrigin(_ first: PropertySource, _ second: PropertySource) -> Bool {
        first.name == second.name && first.position == second.position
    }

    /// The first layer after `layer` that replaces the members of an ancestor of `key` without
    /// `key` among them, and the ancestor: a table set whole (not with deep merging, which merges
    /// it) or an array. A scalar at an ancestor is that key's own value and keeps its members.
    private static func dropping(
        _ key: String, after layer: Int, in batches: [[LoadedProperty]?], merge: PropertyMerge
    ) -> (ancestor: String, source: PropertySource)? {
        let ancestors = Set(PropertyKeyPath.ancestors(of: key))
        for later in batches.indices where later > layer {
            guard let properties = batches[later], LayerLookup.find(key, in: properties) == nil else { continue }
            let whole = properties.last { property in
                guard ancestors.contains(property.key) else { return false }
                switch property.value {
                case .table: return merge == .replace
                case .array: return true
                default: return false
                }
            }
            if let whole { return (whole.key, whole.source) }
        }
        return nil
    }
}
