import PropertyFormats
import Swinject

/// The check of a validated reload: no key that a tracked factory read successfully may stop
/// reading that way. A key read as `Int` that becomes `"abc"`, or a required key that
/// disappears, rejects the whole reload with an error naming the key, where the new value comes
/// from, and the reader's registration and call site. Values are never quoted (they may be
/// secrets); their kind is.
enum ReadValidation {
    static func check(
        _ container: Container, old: PropertySnapshot, new: PropertySnapshot
    ) throws(PropertyLoaderError) {
        for registry in UsageRegistry.lineage(of: container) {
            for storage in registry.storages {
                for (key, read) in storage.recorded.typed.sorted(by: { $0.key < $1.key })
                where read.succeeds(key, in: old) && !read.succeeds(key, in: new) {
                    throw error(key: key, read: read, reader: storage.registration, old: old, new: new)
                }
            }
        }
    }

    private static func error(
        key: String, read: TypedRead, reader: PropertyUsage.Registration, old: PropertySnapshot, new: PropertySnapshot
    ) -> PropertyLoaderError {
        let record = new.record(key)
        let now: String
        if let record, record.value != .null {
            let kind = record.value.kindName
            now = "it would be " + (kind.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + kind
        } else {
            now = "no loader would set it"
        }
        let source = record?.source ?? old.record(key)?.source
        return PropertyLoaderError(
            .incompatibleValue, source: source?.name ?? "reload",
            message: "property \"\(key)\" would no longer read as \(read.typeName) (\(now)), as \(reader) "
                + "reads it at \(read.site.fileID):\(read.site.line); reload rejected, properties unchanged",
            position: source?.position ?? .unknown)
    }
}
