import Swinject

/// Reads the stored properties of Swinject's internal `ServiceKey` (Swinject
/// ``SwinjectInternals/checkedVersion``) from the bytes of a key: the registered type, the
/// arguments type, the name and whether an extension's option is set.
///
/// The offsets are the runtime's (``StoredFields``). They are used only once the names, order and
/// types of the key's stored properties are the expected ones and a probe table, one key with a
/// name and one with an option, lists as registered (``SwinjectRegistrationTable``). Listing a
/// table reads each key this way because a `Mirror` of a key decodes the type of each field it
/// reads, again for every key: most of what listing a table costs at start-up
/// (`hummingbird.start-up-to-first-200`).
struct SwinjectServiceKeyFields {
    /// One key's fields.
    struct Fields {
        let serviceType: Any.Type
        let argumentsType: Any.Type
        let name: String?
        let hasOption: Bool
    }

    private static let expectedLabels = ["serviceType", "argumentsType", "name", "option"]

    private let serviceType: Int
    private let argumentsType: Int
    private let name: Int
    private let option: Int
    /// The size of a key, checked before each read.
    private let size: Int

    /// The offsets of the fields of `keyType`, when its stored properties are the expected ones.
    static func find(in keyType: Any.Type, size: Int) -> SwinjectServiceKeyFields? {
        guard let fields = StoredFields.of(keyType), fields.map(\.name) == expectedLabels,
            let serviceType = StoredFields.offset(at: 0, named: "serviceType", in: fields, type: Any.Type.self),
            let argumentsType = StoredFields.offset(at: 1, named: "argumentsType", in: fields, type: Any.Type.self),
            let name = StoredFields.offset(at: 2, named: "name", in: fields, type: Optional<String>.self),
            let option = StoredFields.offset(
                at: 3, named: "option", in: fields, type: Optional<any ServiceKeyOption>.self)
        else { return nil }
        return SwinjectServiceKeyFields(
            serviceType: serviceType, argumentsType: argumentsType, name: name, option: option, size: size)
    }

    /// The fields of the key whose bytes are `key`; nil when the key has another size.
    func read(_ key: UnsafeRawBufferPointer) -> Fields? {
        guard key.count == size else { return nil }
        return Fields(
            serviceType: key.load(fromByteOffset: serviceType, as: Any.Type.self),
            argumentsType: key.load(fromByteOffset: argumentsType, as: Any.Type.self),
            name: key.load(fromByteOffset: name, as: String?.self),
            hasOption: key.load(fromByteOffset: option, as: (any ServiceKeyOption)?.self) != nil)
    }
}

/// Swinject's registration dictionary, read pair by pair without a `Mirror` of the dictionary
/// (which boxes every pair as a labelled tuple and instantiates that tuple's type for each).
protocol ServiceTablePairs {
    var pairCount: Int { get }
    /// The type of the keys, and the size of one.
    var keyType: (type: Any.Type, size: Int) { get }
    /// Each key's bytes with its value.
    func forEachPair(_ body: (UnsafeRawBufferPointer, AnyObject) -> Void)
}

extension Dictionary: ServiceTablePairs {
    var pairCount: Int { count }

    var keyType: (type: Any.Type, size: Int) { (Key.self, MemoryLayout<Key>.size) }

    func forEachPair(_ body: (UnsafeRawBufferPointer, AnyObject) -> Void) {
        for (key, value) in self { withUnsafeBytes(of: key) { body($0, value as AnyObject) } }
    }
}
