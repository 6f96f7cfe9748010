@_spi(Reflection) import Swift

/// One stored property of a type, as the Swift runtime's field records describe it.
struct StoredField {
    let name: String
    /// Bytes from the start of the value (of the object, header included, for a class).
    let offset: Int
    let type: Any.Type
}

/// The stored properties of a type, in declaration order, read from the runtime's field records
/// (the standard library's `_forEachField`), with no value to reflect.
///
/// `Mirror` would give the same names, but it needs a value, and its first use on each new type
/// asks the runtime whether that type is `CustomReflectable`: a scan of every protocol
/// conformance record in the process, about a millisecond in a server binary, for each of
/// Swinject's types at start-up (`hummingbird.start-up-to-first-200`). The offsets are the
/// runtime's own, so no layout rule is assumed.
enum StoredFields {
    /// The standard library's `_EachFieldOptions.classType`, a `static var` that strict
    /// concurrency does not let a caller read. A wrong value would make every type read as
    /// having no records, which the layout checks report.
    private static let classType = _EachFieldOptions(rawValue: 1 << 0)

    /// The stored properties of `type`; nil when the runtime has no field records for it.
    static func of(_ type: Any.Type) -> [StoredField]? {
        var fields: [StoredField] = []
        func collect(_ name: UnsafePointer<CChar>, _ offset: Int, _ type: Any.Type, _ kind: _MetadataKind) -> Bool {
            fields.append(StoredField(name: String(cString: name), offset: offset, type: type))
            return true
        }
        // `_forEachField` answers false, having read nothing, when the option does not match
        // whether `type` is a class.
        if _forEachField(of: type, options: classType, body: collect) { return fields }
        fields = []
        return _forEachField(of: type, body: collect) ? fields : nil
    }

    /// The offset of the stored property at `index` of `fields` when it has `name` and
    /// `accepts` its type.
    static func offset(
        at index: Int, named name: String, in fields: [StoredField], where accepts: (Any.Type) -> Bool
    ) -> Int? {
        guard index < fields.count, fields[index].name == name, accepts(fields[index].type) else { return nil }
        return fields[index].offset
    }

    /// The offset of the stored property at `index` of `fields` when it has `name` and the type
    /// `type`.
    static func offset(at index: Int, named name: String, in fields: [StoredField], type: Any.Type) -> Int? {
        offset(at: index, named: name, in: fields) { $0 == type }
    }

    /// Runs `body` with the address of the stored property at `offset` in `object`, typed `T`,
    /// while `object` lives: the one raw access of the hook. Only for an offset these records gave
    /// for a stored property of type `T` of `object`'s class.
    static func withField<T, Result>(
        _ type: T.Type, at offset: Int, of object: AnyObject, _ body: (UnsafeMutablePointer<T>) -> Result
    ) -> Result {
        withExtendedLifetime(object) {
            // No safe equivalent: a field of Swinject's private storage (the one hook); read at the
            // runtime's offsets rather than through `Mirror` for `hummingbird.start-up-to-first-200`
            let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
            return body((base + offset).assumingMemoryBound(to: T.self))
        }
    }

    /// The value of type `T` stored at `offset` in `object` (see ``withField(_:at:of:_:)``).
    static func load<T>(_ type: T.Type, at offset: Int, of object: AnyObject) -> T {
        withField(T.self, at: offset, of: object) { $0.pointee }
    }

    /// Replaces the value of type `T` stored at `offset` in `object` (see ``withField(_:at:of:_:)``).
    static func store<T>(_ value: T, at offset: Int, of object: AnyObject) {
        withField(T.self, at: offset, of: object) { $0.pointee = value }
    }

    /// The value stored at `offset` in `object`, of the type `type` the records gave for it,
    /// boxed.
    static func loadBoxed(_ type: Any.Type, at offset: Int, of object: AnyObject) -> Any {
        func open<T>(_ type: T.Type) -> Any { load(T.self, at: offset, of: object) }
        return _openExistential(type, do: open)
    }
}
