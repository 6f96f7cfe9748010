import Foundation
import PropertyFormats
import SwinjectKitSupport

/// Loads properties from the stored properties of a Swift value, found by reflection.
///
/// - Nested structs and classes flatten to dot keys: `config.api.timeout` is `"api.timeout"`.
/// - A class's superclass stored properties are included.
/// - `nil` optionals are skipped; non-nil optionals are unwrapped.
/// - `lazy` properties' storage and computed properties are ignored.
/// - Enums with a raw value are stored as their raw value; other enums as their case name.
/// - Arrays and `[String: …]` dictionaries are single values (arrays of structs become arrays of tables).
///
/// ```swift
/// struct AppConfig: Sendable {
///     let apiKey = "secret123"
///     let timeout = 30
/// }
/// try container.applyPropertyLoader(StructPropertyLoader(AppConfig()))
/// ```
///
/// The name is the upstream spelling (SwinjectPropertyLoader), kept so code written for it
/// compiles unchanged.
public struct StructPropertyLoader<Value>: PropertyBatchLoader {
    private let instance: Value

    /// Creates a loader that reads `instance`'s stored properties.
    public init(_ instance: Value) {
        self.instance = instance
    }

    /// The flattened leaves, in declaration order (superclass properties first).
    public func loadBatch() throws -> PropertyBatch {
        let source = PropertySource(name: Self.typeDescription(of: instance))
        var reflector = Reflector(sourceName: source.name)
        let table = try reflector.table(of: instance, path: "")
        var seen = Set<String>()
        var batch = PropertyBatch()
        for leaf in table.flattened() {
            guard seen.insert(leaf.key).inserted else {
                throw PropertyLoaderError(
                    .conflictingKeys, source: source.name, message: "two members flatten to the key \"\(leaf.key)\"")
            }
            batch.set(leaf.key, to: leaf.node.value, source: source)
        }
        return batch
    }

    private static func typeDescription(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        let kind = mirror.displayStyle == .class ? "class" : "struct"
        return "\(kind) \(TypeNames.short(type(of: value)))"
    }
}

extension StructPropertyLoader: Sendable where Value: Sendable {}

/// Walks a value with `Mirror`, guarding against reference cycles and runaway depth.
private struct Reflector {
    let sourceName: String
    var objectsOnPath: [ObjectIdentifier] = []
    let maxDepth = 64

    mutating func table(of value: Any, path: String) throws(PropertyLoaderError) -> PropertyTable {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class { objectsOnPath.append(ObjectIdentifier(value as AnyObject)) }
        var entries: [PropertyTable.Entry] = []
        try collect(mirror, path: path, into: &entries)
        return PropertyTable(entries)
    }

    private mutating func collect(_ mirror: Mirror, path: String, into entries: inout [PropertyTable.Entry])
        throws(PropertyLoaderError)
    {
        if let superclassMirror = mirror.superclassMirror {
            try collect(superclassMirror, path: path, into: &entries)
        }
        for child in mirror.children {
            guard let label = child.label, !label.hasPrefix("$__lazy_storage_$_") else { continue }
            let key = path.isEmpty ? label : path + "." + label
            guard let value = try convert(child.value, path: key) else { continue }
            if let index = entries.firstIndex(where: { $0.key == label }) {
                entries[index].node = PropertyNode(value)
            } else {
                entries.append(PropertyTable.Entry(key: label, node: PropertyNode(value)))
            }
        }
    }

    /// The property value of one member, or nil to skip it (a nil optional).
    private mutating func convert(_ value: Any, path: String) throws(PropertyLoaderError) -> PropertyValue? {
        guard objectsOnPath.count < maxDepth, path.utf8.count < 4096 else {
            throw PropertyLoaderError(
                .unsupportedValue, source: sourceName, message: "\"\(path)\" is nested too deeply")
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return nil }
            return try convert(wrapped, path: path)
        case .enum:
            if let raw = value as? any RawRepresentable { return try convert(raw.rawValue, path: path) }
            if mirror.children.isEmpty { return .string(String(describing: value)) }
        default:
            break
        }
        if let leaf = try? PropertyValueBridging.propertyValue(from: value, key: path, source: sourceName) {
            if case .array = leaf, let elements = value as? [Any] { return try array(elements, path: path) }
            return leaf
        }
        if let elements = value as? [Any] { return try array(elements, path: path) }
        switch mirror.displayStyle {
        case .struct, .class, .tuple:
            if mirror.displayStyle == .class {
                let id = ObjectIdentifier(value as AnyObject)
                guard !objectsOnPath.contains(id) else {
                    throw PropertyLoaderError(
                        .unsupportedValue, source: sourceName,
                        message: "\"\(path)\" refers back to an enclosing object (a reference cycle)")
                }
                objectsOnPath.append(id)
            }
            defer { if mirror.displayStyle == .class { objectsOnPath.removeLast() } }
            var entries: [PropertyTable.Entry] = []
            try collect(mirror, path: path, into: &entries)
            return .table(PropertyTable(entries))
        default:
            throw PropertyLoaderError(
                .unsupportedValue, source: sourceName,
                message: "\"\(path)\" has a value of type \(TypeNames.qualified(type(of: value))), "
                    + "which properties cannot hold")
        }
    }

    private mutating func array(_ elements: [Any], path: String) throws(PropertyLoaderError) -> PropertyValue {
        var nodes: [PropertyNode] = []
        nodes.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            nodes.append(PropertyNode(try convert(element, path: "\(path).\(index)") ?? .null))
        }
        return .array(nodes)
    }
}
