import PropertyFormats

/// How a factory read one key: the Swift type it asked for and whether the read was required,
/// with the test of whether a snapshot still reads that way. A reload that would make a key
/// read this way fail, where it succeeded before, is rejected (``ReadValidation``).
///
/// `@unchecked Sendable`: the test captures only a metatype.
struct TypedRead: @unchecked Sendable {
    /// The requested type, which a schema spells (``PropertySchemaType``).
    let type: any Any.Type
    let typeName: String
    let isRequired: Bool
    let site: PropertyUsage.ReadSite
    private let test: (PropertySnapshot, String) -> Bool

    init<T>(_ type: T.Type, required: Bool, site: PropertyUsage.ReadSite) {
        self.type = T.self
        typeName = String(reflecting: T.self)
        isRequired = required
        self.site = site
        test = { snapshot, key in
            guard let value = snapshot.value(key), value != .null else { return !required }
            if PropertyConversion.convert(value, to: T.self) != nil { return true }
            guard let node = snapshot.textAwareNode(key) else { return false }
            return (try? TextAwareConversion.convert(node, to: T.self)) != nil
        }
    }

    /// Whether `key` in `snapshot` reads as this read asked: converts to the type, or (for an
    /// optional read) is absent.
    func succeeds(_ key: String, in snapshot: PropertySnapshot) -> Bool {
        test(snapshot, key)
    }
}
