public import Swinject
import SwinjectKitSupport

extension Container {
    /// The schema of what this container's registrations read: each key with its type, whether
    /// it is required, whether it is secret, and the call sites that read it.
    ///
    /// ```swift
    /// try container.checkProperties()   // runs each factory once, so every read is seen
    /// let schema = container.propertySchema()
    /// ```
    ///
    /// It lists the reads recorded for the registrations of this container, its ancestors and
    /// the child containers that track usage (the reads ``propertyUsage`` attributes to a
    /// registration), and the properties declared with ``declareProperty(_:as:fileID:line:)``.
    /// Call it after ``checkProperties(resolvingRegistrations:)``, whose dry run makes every
    /// factory read. A key read as two types has one entry per type. Reads made outside any
    /// factory are not listed, since their type is not recorded: declare such a key. Any thread
    /// may ask for the schema, also while another registers.
    public func propertySchema() -> PropertySchema {
        var entries: [String: Entry] = [:]
        var order: [String] = []
        func add(key: String, type: any Any.Type, typeName: String, required: Bool, reader: PropertySchema.Reader) {
            let spelling = PropertySchemaType(describing: type).description
            let id = key + "\u{0}" + spelling
            var entry = entries[id] ?? Entry(key: key, type: spelling, swiftType: typeName)
            if entries[id] == nil { order.append(id) }
            entry.isRequired = entry.isRequired || required
            entry.readers.insert(reader)
            entries[id] = entry
        }
        for registry in UsageRegistry.reportLineage(of: self) {
            for storage in registry.storages {
                let service = storage.registration.description
                for (key, read) in storage.recorded.typed {
                    add(
                        key: key, type: read.type, typeName: read.typeName, required: read.isRequired,
                        reader: PropertySchema.Reader(service: service, site: read.site))
                }
            }
        }
        for container in ContainerLineage.ancestry(of: self) {
            for declaration in PropertyReadLog.existing(for: container)?.declarations ?? [] {
                let site = PropertyUsage.ReadSite(fileID: declaration.fileID, line: declaration.line)
                add(
                    key: declaration.key, type: declaration.type, typeName: TypeNames.qualified(declaration.type),
                    required: true, reader: PropertySchema.Reader(service: nil, site: site))
            }
        }
        let mask = SecretMask(container: self)
        return PropertySchema(
            properties: order.compactMap { id in
                guard let entry = entries[id] else { return nil }
                return PropertySchema.Property(
                    key: entry.key, type: entry.type, swiftType: entry.swiftType, isRequired: entry.isRequired,
                    isSecret: mask.isSecret(entry.key), readers: entry.readers.sorted())
            })
    }
}

/// An entry of ``Swinject/Container/propertySchema()`` while readers are collected.
private struct Entry {
    let key: String
    let type: String
    let swiftType: String
    var isRequired = false
    var readers: Set<PropertySchema.Reader> = []
}
