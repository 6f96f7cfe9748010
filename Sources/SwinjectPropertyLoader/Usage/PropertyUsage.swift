import SwinjectKitSupport

/// Which registration read which property key, the keys set but never read, and the keys read
/// but never set: ``Swinject/Container/propertyUsage``.
///
/// ```swift
/// let usage = container.propertyUsage
/// for key in usage.unreadKeys { print("set but never read:", key.key) }
/// ```
///
/// Its description lists every key with its readers, then the two lists, with each secret value
/// shown as `***` (see <doc:PropertyUsageReport>).
public struct PropertyUsage: Sendable, CustomStringConvertible {
    /// A registration: the service type and name it was registered with.
    public struct Registration: Sendable, Hashable, CustomStringConvertible {
        /// The registered service type.
        public let serviceType: any Any.Type
        /// The registration name, or nil.
        public let name: String?

        /// Creates a registration.
        package init(serviceType: any Any.Type, name: String? = nil) {
            self.serviceType = serviceType
            self.name = name
        }

        /// `App.Database`, or `App.Database (name: "primary")`.
        public var description: String {
            let type = TypeNames.qualified(serviceType)
            guard let name else { return type }
            return "\(type) (name: \"\(name)\")"
        }

        public static func == (lhs: Registration, rhs: Registration) -> Bool {
            lhs.serviceType == rhs.serviceType && lhs.name == rhs.name
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(serviceType))
            hasher.combine(name)
        }
    }

    /// Where a read was written: the `#fileID` and `#line` of the call.
    public struct ReadSite: Sendable, Hashable, CustomStringConvertible {
        /// The file, as `#fileID` spells it (`App/Setup.swift`).
        public let fileID: String
        /// The line.
        public let line: Int

        /// Creates a read site.
        package init(fileID: String, line: Int) {
            self.fileID = fileID
            self.line = line
        }

        /// `fileID:line`.
        public var description: String { "\(fileID):\(line)" }
    }

    /// One reader of a key: the registration whose factory read it (nil for a read made outside
    /// any factory, such as `container.property("k")` in `main`), and where.
    public struct Reader: Sendable, Hashable, CustomStringConvertible {
        /// The registration whose factory made the read, or nil.
        public let registration: Registration?
        /// The first call site of the read.
        public let site: ReadSite

        init(registration: Registration?, site: ReadSite) {
            self.registration = registration
            self.site = site
        }

        /// `App.Database at App/Setup.swift:12`, or `outside any factory at main.swift:8`.
        public var description: String {
            "\(registration?.description ?? "outside any factory") at \(site)"
        }
    }

    /// One key: whether it is set, where from, and who read it.
    public struct Key: Sendable, CustomStringConvertible {
        /// The key as written (`database.host`).
        public let key: String
        /// Where its value came from, or nil when no loader set it (or it is a section).
        public let source: PropertySource?
        /// Whether the key is set (as a value or as a section).
        public let isSet: Bool
        /// Every reader, registrations first in registration order.
        public let readers: [Reader]
        /// The value as messages show it, `***` for a secret; nil when not set.
        let valueText: String?

        init(key: String, source: PropertySource?, isSet: Bool, readers: [Reader], valueText: String?) {
            self.key = key
            self.source = source
            self.isSet = isSet
            self.readers = readers
            self.valueText = valueText
        }

        /// `key = value (source)` or `key (not set)`, then one line per reader.
        public var description: String {
            var text = key
            if let valueText {
                text += " = \(valueText)"
                if let source { text += " (\(source))" }
            } else if !isSet {
                text += " (not set)"
            }
            for reader in readers { text += "\n    read by \(reader)" }
            return text
        }
    }

    /// Every key set or read, sorted.
    public let keys: [Key]
    /// The keys set by a loader that no factory and no other read used: likely typos or dead
    /// settings. A key counts as read when it, or a section containing it, was read.
    public let unreadKeys: [Key]
    /// The keys read that no loader set: the reads gave nil, a default, or an error.
    public let unsetKeys: [Key]
    /// Whether reads are attributed to registrations. False only when the Swinject version's
    /// layout is not the one SwinjectKit knows; reads made outside factories are still listed.
    public let isTracking: Bool

    init(keys: [Key], unreadKeys: [Key], unsetKeys: [Key], isTracking: Bool) {
        self.keys = keys
        self.unreadKeys = unreadKeys
        self.unsetKeys = unsetKeys
        self.isTracking = isTracking
    }

    /// The readers of `key` (as written in the read), or an empty list.
    public func readers(of key: String) -> [Reader] {
        keys.first { $0.key == key }?.readers ?? []
    }

    /// The keys each registration read, for a registration.
    public func keys(readBy registration: Registration) -> [String] {
        keys.filter { $0.readers.contains { $0.registration == registration } }.map(\.key)
    }

    /// A readable report: the keys and their readers, then the unread and the unset keys.
    public var description: String {
        let readCount = keys.filter { !$0.readers.isEmpty }.count
        var lines = [
            "Property usage: \(keys.count) keys, \(readCount) read, \(unreadKeys.count) set but never read, "
                + "\(unsetKeys.count) read but never set"
        ]
        if !isTracking { lines.append("(reads are not attributed to registrations: usage tracking is unavailable)") }
        for key in keys where !key.readers.isEmpty && key.isSet { lines.append(key.description) }
        if !unreadKeys.isEmpty {
            lines.append("Set but never read:")
            lines.append(contentsOf: unreadKeys.map { "  " + $0.description })
        }
        if !unsetKeys.isEmpty {
            lines.append("Read but never set:")
            lines.append(
                contentsOf: unsetKeys.map {
                    "  "
                        + $0.description.split(separator: "\n", omittingEmptySubsequences: false).joined(
                            separator: "\n  ")
                })
        }
        return lines.joined(separator: "\n")
    }
}
