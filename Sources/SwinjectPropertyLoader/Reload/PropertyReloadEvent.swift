/// What one reload did: the keys whose values changed, with their old and new values and
/// sources, or the error that made the reload keep the old properties.
///
/// Values are texts as descriptions show them: a secret value (by its key's name, a declared
/// secret key, or a secret source) is `***`.
///
/// ```swift
/// for await event in reloader.events() {
///     print(event)  // reload 2 from config.json: 1 key changed: database.port = 6432 (was 5432)
/// }
/// ```
public struct PropertyReloadEvent: Sendable, CustomStringConvertible {
    /// What started a reload.
    public enum Trigger: Sendable, Hashable, CustomStringConvertible {
        /// A watched file or directory changed (its path).
        case fileChanged([String])
        /// The process received `SIGHUP`.
        case hangupSignal
        /// A call of ``PropertyReloader/reload()``.
        case call

        /// `config.json`, `SIGHUP` or `reload()`.
        public var description: String {
            switch self {
            case .fileChanged(let paths): paths.joined(separator: ", ")
            case .hangupSignal: "SIGHUP"
            case .call: "reload()"
            }
        }
    }

    /// One key whose value a reload changed, added or removed.
    public struct Change: Sendable, Hashable, CustomStringConvertible {
        /// The flat key (`database.port`).
        public var key: String
        /// The value before, as text (`***` for a secret), or nil when the key was not set.
        public var oldValue: String?
        /// The value now, as text (`***` for a secret), or nil when the key is no longer set.
        public var newValue: String?
        /// Where the old value came from, or nil when the key was not set.
        public var oldSource: PropertySource?
        /// Where the new value comes from, or nil when the key is no longer set.
        public var newSource: PropertySource?

        /// `key = new (was old)`, `key = new (added)` or `key removed (was old)`.
        public var description: String {
            switch (oldValue, newValue) {
            case (let old?, let new?): "\(key) = \(new) (was \(old))"
            case (nil, let new?): "\(key) = \(new) (added)"
            case (let old?, nil): "\(key) removed (was \(old))"
            case (nil, nil): "\(key) unset"
            }
        }
    }

    /// Counts the reloads that swapped in new properties; the properties loaded first are 1.
    /// A rejected reload carries the version that stays current.
    package var version: Int
    /// What started the reload.
    public var trigger: Trigger
    /// The keys whose value changed, sorted; empty when the files changed but no value did.
    public var changes: [Change]
    /// Why the reload was rejected: the first file that failed, with its line:column. When set,
    /// no property changed.
    public var error: PropertyLoaderError?

    /// The registrations whose container-scoped or weak instance the reload discarded because
    /// their factories read a changed key (or resolved one that did), as the usage report names
    /// them (`App.Database`, `App.Database (name: "primary")`).
    public var discardedInstances: [String] = []

    /// The keys of ``changes``.
    public var changedKeys: [String] { changes.map(\.key) }

    /// Whether the reload was rejected and the old properties kept.
    public var isRejected: Bool { error != nil }

    /// Whether the key `key`, or a key inside the section it names, changed.
    package func changed(_ key: String) -> Bool {
        changes.contains { change in
            change.key == key
                || (change.key.utf8.count > key.utf8.count && change.key.hasPrefix(key)
                    && change.key.utf8.dropFirst(key.utf8.count).first == UInt8(ascii: "."))
        }
    }

    /// Whether `key`, or a key inside the section `key` names, changed. A string literal is a
    /// key, and so is a declared ``PropertyKey``.
    public func changed(_ key: PropertyKey) -> Bool { changed(key.name) }

    /// One line: `reload 2 from config.json: 1 key changed: database.port = 6432 (was 5432)`, or
    /// `reload from config.json rejected, keeping version 1: <error>`.
    public var description: String {
        if let error {
            return "reload from \(trigger) rejected, keeping version \(version): \(error)"
        }
        let count = changes.count == 1 ? "1 key changed" : "\(changes.count) keys changed"
        let shown = changes.prefix(20).map(\.description).joined(separator: ", ")
        let more = changes.count > 20 ? ", and \(changes.count - 20) more" : ""
        return "reload \(version) from \(trigger): \(count)\(changes.isEmpty ? "" : ": ")\(shown)\(more)"
    }
}
