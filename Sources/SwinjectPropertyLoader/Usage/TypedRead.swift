import PropertyFormats
import SwinjectKitSupport

/// How a factory read one key: the Swift type it asked for and whether the read was required,
/// with the test of whether a snapshot still reads that way. A reload that would make a key
/// read this way fail, where it succeeded before, is rejected (``ReadValidation``).
///
/// Made on every tracked read, so it holds metatypes and values only: the type's name is
/// rendered when a reload validation or a schema asks for it.
///
/// `@unchecked Sendable`: it holds only metatypes besides values.
struct TypedRead: @unchecked Sendable {
    /// The requested type, which a schema spells (``PropertySchemaType``).
    let type: any Any.Type
    let isRequired: Bool
    let site: PropertyUsage.ReadSite
    /// The test, for the requested type.
    private let test: any ReadTest.Type

    init<T>(_ type: T.Type, required: Bool, site: PropertyUsage.ReadSite) {
        self.type = T.self
        isRequired = required
        self.site = site
        test = TypedTest<T>.self
    }

    /// The requested type as `String(reflecting:)` spells it.
    var typeName: String { TypeNames.qualified(type) }

    /// Whether `key` in `snapshot` reads as this read asked: converts to the type, or (for an
    /// optional read) is absent.
    func succeeds(_ key: String, in snapshot: PropertySnapshot) -> Bool {
        test.succeeds(key, in: snapshot, required: isRequired)
    }
}

/// Whether a key reads as one type; a metatype of ``TypedTest`` carries the type.
private protocol ReadTest {
    static func succeeds(_ key: String, in snapshot: PropertySnapshot, required: Bool) -> Bool
}

private enum TypedTest<T>: ReadTest {
    static func succeeds(_ key: String, in snapshot: PropertySnapshot, required: Bool) -> Bool {
        guard let value = snapshot.value(key), value != .null else { return !required }
        if PropertyConversion.convert(value, to: T.self) != nil { return true }
        if snapshot.converted(beside: key, as: T.self) != nil { return true }
        guard let node = snapshot.textAwareNode(key) else { return false }
        return (try? TextAwareConversion.convert(node, to: T.self)) != nil
    }
}
