import Foundation
import PropertyFormats

/// Turns a `DecodingError` from decoding a property section into a message that names the
/// failing field with the Swift names, what was expected and found, and where the value is:
/// `database.poolSize: expected Int, found string "25" (wrong-type.json:4:17)`.
///
/// The decoder reports a path of Swift coding keys; the diagnosis walks the same path through
/// the stored value, matching each table key through the key-decoding strategy (so
/// `pool_size` in the file is the field `poolSize`), and asks `source` for the file and
/// line:column of the property at the stored path.
struct DecodingDiagnosis {
    /// The section's property key (`database`).
    let sectionKey: String
    /// The section's stored value.
    let value: PropertyValue
    let strategy: JSONDecoder.KeyDecodingStrategy
    /// The source of a stored property key (`database.pool_size`), when the store has one.
    let source: (String) -> PropertySource?
    /// Whether a stored property key is secret by its name, so its value reads `***`; a value
    /// whose source is secret reads `***` whatever its name.
    var isSecret: (String) -> Bool = SecretKeys.isSecret

    /// The message for `error`, or nil when `error` is not a `DecodingError`.
    func message(for error: any Error) -> String? {
        guard let decodingError = error as? DecodingError else { return nil }
        switch decodingError {
        case .typeMismatch(let type, let context):
            return describe(context.codingPath, expected: "\(type)", reason: nil)
        case .valueNotFound(let type, let context):
            return describe(context.codingPath, expected: "\(type)", reason: nil)
        case .keyNotFound(let key, let context):
            return describe(context.codingPath + [key], expected: nil, reason: "is missing")
        case .dataCorrupted(let context):
            return describe(context.codingPath, expected: nil, reason: context.debugDescription)
        @unknown default:
            return nil
        }
    }

    private func describe(_ codingPath: [any CodingKey], expected: String?, reason: String?) -> String {
        var swiftPath = sectionKey
        var storedPath = sectionKey
        var node = PropertyNode(value)
        var found = true
        var prefix: [any CodingKey] = []
        for codingKey in codingPath {
            if let index = codingKey.intValue {
                swiftPath += "[\(index)]"
            } else {
                swiftPath += "." + codingKey.stringValue
            }
            guard found, let (storedKey, next) = child(of: node, matching: codingKey, after: prefix) else {
                found = false
                prefix.append(codingKey)
                continue
            }
            storedPath += "." + storedKey
            node = next
            prefix.append(codingKey)
        }
        var text = swiftPath + ": "
        if let expected {
            text += "expected \(expected), found "
            text += found ? "\(node.value.kindName) \(shown(node.value, at: storedPath))" : "nothing"
        } else if let reason {
            text += reason
        }
        if let origin = source(storedPath) {
            text += " (\(found ? "" : "in ")\(origin))"
        }
        return text
    }

    /// A found value as the message shows it: `***` when its key or its source is secret, and
    /// each such member of a table or array as `***`.
    private func shown(_ value: PropertyValue, at storedPath: String) -> String {
        var mask = SecretMask(secrets: PropertySecrets(markers: []), snapshot: nil)
        mask.alsoSecret = { isSecret($0) || source($0)?.isSecret == true }
        return mask.displayText(value, key: storedPath)
    }

    private func child(of node: PropertyNode, matching codingKey: any CodingKey, after prefix: [any CodingKey])
        -> (String, PropertyNode)?
    {
        switch node.value {
        case .array(let nodes):
            guard let index = codingKey.intValue, nodes.indices.contains(index) else { return nil }
            return (String(index), nodes[index])
        case .table(let table):
            for entry in table.entries where swiftName(entry.key, after: prefix) == codingKey.stringValue {
                return (entry.key, entry.node)
            }
            return nil
        default:
            return nil
        }
    }

    /// The coding key the decoder sees for the stored key `key`.
    private func swiftName(_ key: String, after prefix: [any CodingKey]) -> String {
        switch strategy {
        case .useDefaultKeys: return key
        case .convertFromSnakeCase: return Self.camelCase(fromSnakeCase: key)
        case .custom(let convert): return convert(prefix + [PlainKey(key)]).stringValue
        @unknown default: return key
        }
    }

    /// `pool_size` → `poolSize`, as `JSONDecoder`'s `convertFromSnakeCase` converts keys: leading
    /// and trailing underscores are kept, each word after the first is capitalized.
    static func camelCase(fromSnakeCase key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first && key[last] == "_" { last = key.index(before: last) }
        let words = key[first...last].split(separator: "_", omittingEmptySubsequences: true)
        guard words.count > 1 else { return key }
        var result = String(key[..<first])
        result += words[0]
        for word in words.dropFirst() { result += word.prefix(1).uppercased() + word.dropFirst().lowercased() }
        result += key[key.index(after: last)...]
        return result
    }
}

/// A coding key built from a stored key, to ask a custom key-decoding strategy for its name.
private struct PlainKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
