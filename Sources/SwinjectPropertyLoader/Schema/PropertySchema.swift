package import PropertyFormats

/// What an application reads from its configuration: each key, the type it is read as, whether
/// a read needs it, whether it is secret, and where it is read.
///
/// ``Swinject/Container/propertySchema()`` builds it from the reads a container recorded, and
/// ``json`` writes it for `swinjectkit check --schema`, which then checks configuration files
/// against it without starting the application (see <doc:TheSwinjectkitCommand>).
///
/// ```swift
/// try container.checkProperties()
/// let schema = container.propertySchema()
/// try schema.json.write(to: schemaURL, atomically: true, encoding: .utf8)
/// ```
public struct PropertySchema: Sendable, Equatable, CustomStringConvertible {
    /// The version of the JSON document ``json`` writes; the command reads only this version.
    package static let formatVersion = 1

    /// One key read as one type. A key that readers ask for as two types has two entries.
    public struct Property: Sendable, Equatable, CustomStringConvertible {
        /// The key as written in the read (`database.port`).
        public let key: String
        /// The type as the schema spells it: `string`, `integer`, `int8` … `uint64`, `double`,
        /// `float`, `decimal`, `bool`, `url`, `date`, `data`, `array<T>`, `dictionary<T>`,
        /// `section` (another `Decodable` type) or `any` (a type no spelling covers). An optional
        /// is its wrapped type, a raw-value enum its raw value's type.
        public let type: String
        /// The Swift type a read asked for, as `String(reflecting:)` spells it (`Swift.Int`).
        public let swiftType: String
        /// Whether a read needs the key: a `.orFatalError` read, `requiredProperty`, or a declared
        /// property. A read with a default or an optional result does not.
        public let isRequired: Bool
        /// Whether the container treats the key as secret (see <doc:Secrets>).
        public let isSecret: Bool
        /// Every place the key is read as this type, sorted.
        public let readers: [Reader]
        /// Where the entry is in the schema file it was read from; unknown for a built schema.
        package let position: SourcePosition

        package init(
            key: String, type: String, swiftType: String, isRequired: Bool, isSecret: Bool, readers: [Reader],
            position: SourcePosition = .unknown
        ) {
            self.key = key
            self.type = type
            self.swiftType = swiftType
            self.isRequired = isRequired
            self.isSecret = isSecret
            self.readers = readers
            self.position = position
        }

        /// `database.port: integer, required, read by App.Database at App/Setup.swift:13`.
        public var description: String {
            var text = "\(key): \(type)"
            if isRequired { text += ", required" }
            if isSecret { text += ", secret" }
            if !readers.isEmpty { text += ", read by " + readers.map(\.description).joined(separator: ", ") }
            return text
        }

        /// Two entries are equal when everything but their place in a file is.
        public static func == (lhs: Property, rhs: Property) -> Bool {
            lhs.key == rhs.key && lhs.type == rhs.type && lhs.swiftType == rhs.swiftType
                && lhs.isRequired == rhs.isRequired && lhs.isSecret == rhs.isSecret && lhs.readers == rhs.readers
        }
    }

    /// One place a key is read: the service whose factory reads it (nil for a declared
    /// property), and the call site.
    public struct Reader: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The registration, as ``PropertyUsage/Registration`` describes it (`App.Database`).
        public let service: String?
        /// The call site of the read or declaration.
        public let site: PropertyUsage.ReadSite

        package init(service: String?, site: PropertyUsage.ReadSite) {
            self.service = service
            self.site = site
        }

        /// `App.Database at App/Setup.swift:13`, or `a declaration at App/Setup.swift:8`.
        public var description: String {
            "\(service ?? "a declaration") at \(site)"
        }

        public static func < (lhs: Reader, rhs: Reader) -> Bool {
            (lhs.site.fileID, lhs.site.line, lhs.service ?? "") < (rhs.site.fileID, rhs.site.line, rhs.service ?? "")
        }
    }

    /// Every entry, sorted by key, then by type.
    public let properties: [Property]

    package init(properties: [Property]) {
        self.properties = properties.sorted { ($0.key, $0.type) < ($1.key, $1.type) }
    }

    /// One line per entry.
    public var description: String {
        "Property schema: \(properties.count) entries" + properties.map { "\n  \($0)" }.joined()
    }
}
