import PropertyFormats
import SwinjectKitSupport

/// The name rules of ``PropertySecrets``, as bytes, and the keys ``PropertyKey`` values declared
/// secret in this process.
enum SecretKeys {
    private static let defaultMarkers: [[UInt8]] = PropertySecrets.defaultMarkers.map { lowercased(Array($0.utf8)) }
    private static let declared = LockedValue<Set<String>>([])

    /// Whether `key` is secret under the default markers or a declaration.
    static func isSecret(_ key: String) -> Bool {
        matches(key, markers: defaultMarkers) || isDeclared(key, keys: [])
    }

    /// Whether `key` is secret under `markers` and `keys`, or a declaration.
    static func isSecret(_ key: String, markers: [String], keys: Set<String>) -> Bool {
        let lowered =
            markers == PropertySecrets.defaultMarkers
            ? defaultMarkers : markers.map { lowercased(Array($0.utf8)) }
        return matches(key, markers: lowered) || isDeclared(key, keys: keys)
    }

    /// The value as messages show it: `***` for a secret key, with the default rules.
    static func displayText(_ value: PropertyValue, key: String) -> String {
        SecretMask(secrets: .default, snapshot: nil).displayText(value, key: key)
    }

    /// Remembers a key that a ``PropertyKey`` declared secret.
    static func declare(_ key: String) {
        let flat = PropertyKeyPath.spelling(PropertyKeyPath.segments(of: key))
        declared.withLock { _ = $0.insert(flat) }
    }

    /// Whether `key`, or a key above it, is in `keys` or declared.
    private static func isDeclared(_ key: String, keys: Set<String>) -> Bool {
        let declared = declared.withLock { $0 }
        guard !declared.isEmpty || !keys.isEmpty else { return false }
        var prefix: [String] = []
        for segment in PropertyKeyPath.segments(of: key) {
            prefix.append(segment)
            let flat = PropertyKeyPath.spelling(prefix)
            if declared.contains(flat) || keys.contains(flat) { return true }
        }
        return false
    }

    /// Whether the last segment that is not an array index contains a marker.
    private static func matches(_ key: String, markers: [[UInt8]]) -> Bool {
        guard !markers.isEmpty else { return false }
        let segments = PropertyKeyPath.segments(of: key)
        guard let name = segments.last(where: { PropertySnapshot.canonicalIndex($0) == nil }) else { return false }
        let segment = lowercased(Array(name.utf8))
        return markers.contains { marker in containsBytes(segment, marker) }
    }

    private static func lowercased(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }

    private static func containsBytes(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return false }
        guard needle.count <= haystack.count else { return false }
        // Markers are short, so this scan is linear in the segment's length.
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
