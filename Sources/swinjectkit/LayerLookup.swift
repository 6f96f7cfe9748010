import PropertyFormats
import SwinjectPropertyLoader

/// What one layer's own batch says about a key: the last property at the key, or the member at
/// the key of a table or array set whole above it. A layer's values are read from its batch,
/// not from a container of its own, because its placeholders may name other layers' keys.
enum LayerLookup {
    static func find(_ key: String, in properties: [LoadedProperty]) -> (value: PropertyValue, source: PropertySource)?
    {
        var found: (value: PropertyValue, source: PropertySource)?
        for property in properties {
            if property.key == key {
                found = (property.value, property.source)
            } else if key.hasPrefix(property.key + "."),
                let node = descend(
                    property.value, into: PropertyKeyPath.segments(of: String(key.dropFirst(property.key.count + 1))))
            {
                found = (node.value, property.source.withPosition(node.position))
            }
        }
        return found
    }

    /// The node at `segments` under `value`: table members by name, array elements by index.
    private static func descend(_ value: PropertyValue, into segments: [String]) -> PropertyNode? {
        var node = PropertyNode(value)
        for segment in segments {
            switch node.value {
            case .table(let table):
                guard let member = table[segment] else { return nil }
                node = member
            case .array(let elements):
                guard let index = Int(segment), elements.indices.contains(index) else { return nil }
                node = elements[index]
            default:
                return nil
            }
        }
        return node
    }
}

extension PropertySource {
    /// This source at `position`.
    fileprivate func withPosition(_ position: SourcePosition) -> PropertySource {
        var source = self
        source.position = position
        return source
    }
}
