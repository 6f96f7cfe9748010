import Swinject

/// Reads the stored properties of Swinject's internal `ServiceKey` (Swinject
/// ``SwinjectInternals/checkedVersion``) from the bytes of a key: the registered type, the
/// arguments type, the name and whether an extension's option is set.
///
/// The offsets follow Swift's struct layout rule (each stored property in declaration order, at
/// the next multiple of its alignment). They are used only once the names and order of the
/// properties `Mirror` reports are the expected ones and every key of a probe table, one with a
/// name and one with an option, reads the same at the offsets as through `Mirror`
/// (``SwinjectRegistrationTable``). Listing a table reads each key this way because a `Mirror`
/// of a key decodes the type of each field it reads, again for every key: most of what listing
/// a table costs at start-up (`hummingbird.start-up-to-first-200`).
struct SwinjectServiceKeyFields {
    /// One key's fields.
    struct Fields: Equatable {
        let serviceType: Any.Type
        let argumentsType: Any.Type
        let name: String?
        let hasOption: Bool

        static func == (lhs: Fields, rhs: Fields) -> Bool {
            lhs.serviceType == rhs.serviceType && lhs.argumentsType == rhs.argumentsType && lhs.name == rhs.name
                && lhs.hasOption == rhs.hasOption
        }
    }

    private static let expectedLabels = ["serviceType", "argumentsType", "name", "option"]

    private let serviceType: Int
    private let argumentsType: Int
    private let name: Int
    private let option: Int
    /// The size of a key, checked before each read.
    private let size: Int

    /// The offsets the layout rule gives, when `Mirror` reports the expected properties of `key`.
    static func candidate(for key: Any) -> SwinjectServiceKeyFields? {
        guard SwinjectInternals.labels(of: key) == expectedLabels else { return nil }
        var offset = 0
        func place<T>(_ type: T.Type) -> Int {
            let alignment = MemoryLayout<T>.alignment
            offset = (offset + alignment - 1) / alignment * alignment
            defer { offset += MemoryLayout<T>.size }
            return offset
        }
        return SwinjectServiceKeyFields(
            serviceType: place(Any.Type.self), argumentsType: place(Any.Type.self), name: place(String?.self),
            option: place((any ServiceKeyOption)?.self), size: offset)
    }

    /// `key`'s fields as `Mirror` reads them, to check the offsets against.
    static func mirrored(_ key: Any) -> Fields? {
        var serviceType: Any.Type?
        var argumentsType: Any.Type?
        var name: String?
        var hasOption = false
        for field in Mirror(reflecting: key).children {
            switch field.label {
            case "serviceType": serviceType = field.value as? Any.Type
            case "argumentsType": argumentsType = field.value as? Any.Type
            case "name": name = field.value as? String
            case "option": hasOption = Mirror(reflecting: field.value).children.first != nil
            default: break
            }
        }
        guard let serviceType, let argumentsType else { return nil }
        return Fields(serviceType: serviceType, argumentsType: argumentsType, name: name, hasOption: hasOption)
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
    /// Each key's bytes with its value.
    func forEachPair(_ body: (UnsafeRawBufferPointer, AnyObject) -> Void)
    /// Each key, boxed and as bytes, with its value: for the layout check.
    func forEachBoxedPair(_ body: (Any, UnsafeRawBufferPointer, AnyObject) -> Void)
}

extension Dictionary: ServiceTablePairs {
    var pairCount: Int { count }

    func forEachPair(_ body: (UnsafeRawBufferPointer, AnyObject) -> Void) {
        for (key, value) in self { withUnsafeBytes(of: key) { body($0, value as AnyObject) } }
    }

    func forEachBoxedPair(_ body: (Any, UnsafeRawBufferPointer, AnyObject) -> Void) {
        for (key, value) in self { withUnsafeBytes(of: key) { body(key, $0, value as AnyObject) } }
    }
}
