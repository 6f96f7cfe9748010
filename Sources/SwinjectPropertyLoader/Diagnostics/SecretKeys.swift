import PropertyFormats

/// Which property values messages and logs must not show.
///
/// A key whose last dot-separated segment contains `password`, `secret`, `token` or `key`
/// (in any letter case) holds a secret: `database.password`, `api.apiKey`, `auth.TOKEN`.
/// Messages show `***` instead of its value, so a type mismatch on a secret does not print it
/// into logs or crash reports.
enum SecretKeys {
    private static let markers: [[UInt8]] = ["password", "secret", "token", "key"].map { Array($0.utf8) }

    /// Whether `key`'s last segment names a secret.
    static func isSecret(_ key: String) -> Bool {
        let bytes = key.utf8
        let start = bytes.lastIndex(of: UInt8(ascii: ".")).map { bytes.index(after: $0) } ?? bytes.startIndex
        let segment = bytes[start...].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return markers.contains { marker in containsBytes(segment, marker) }
    }

    /// The value as messages show it: `***` for a secret key.
    static func displayText(_ value: PropertyValue, key: String) -> String {
        isSecret(key) ? "***" : value.displayText
    }

    private static func containsBytes(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        // Markers are at most 8 bytes, so this scan is linear in the segment's length.
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
