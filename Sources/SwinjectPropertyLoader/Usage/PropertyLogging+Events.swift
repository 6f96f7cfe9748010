import Logging
import Swinject

/// The messages SwinjectKit logs about a container's properties, through the container's
/// ``Swinject/Container/propertyLogger`` or, when it has none, `Logger(label: "SwinjectKit")` if
/// the process chose a logging backend (``PropertyLogging/defaultLogger()``). Values are shown
/// as messages show them everywhere, with `***` for secrets (``SecretMask``); key names and
/// source names are not secret.
extension PropertyLogging {
    /// The most source names one message lists; the rest are counted.
    static let maxListed = 8

    /// After loaders were applied to `container`: one `info` message per loader, in the order
    /// they apply, naming its sources. Also gives the container its usage registry, since it now
    /// has properties to read (the hook is installed by the thread that resolves).
    static func didApply(_ batches: [PropertyBatch], to container: Container) {
        UsageRegistry.registry(on: container)
        guard let logger = PropertyReads.logger(for: container) else { return }
        for (index, batch) in batches.enumerated() {
            var names: [String] = []
            for source in batch.sources where !names.contains(source.name) { names.append(source.name) }
            logger.info(
                "Loaded properties (\(index + 1) of \(batches.count)) from \(list(names))",
                metadata: ["property-sources": .array(names.map { .string($0) }), "order": "\(index + 1)"])
        }
    }

    /// After the dry run of a property check: the keys set but never read, at `notice`, with
    /// their sources (likely typos or dead settings). A note, never a failure.
    static func noteUnreadKeys(of container: Container) {
        guard let logger = PropertyReads.logger(for: container) else { return }
        let unread = container.propertyUsage.unreadKeys
        guard !unread.isEmpty else { return }
        let listed = unread.map { key in key.source.map { "\(key.key) (\($0))" } ?? key.key }
        logger.notice(
            "Properties set but never read: \(list(listed))",
            metadata: ["unread-keys": .array(unread.map { .string($0.key) })])
    }

    /// `a, b, c` with at most ``maxListed`` names, then `and N more`; `no source` when empty.
    static func list(_ names: [String]) -> String {
        guard !names.isEmpty else { return "no source" }
        let shown = names.prefix(maxListed).joined(separator: ", ")
        return names.count > maxListed ? "\(shown) and \(names.count - maxListed) more" : shown
    }
}

extension Container {
    /// Logs a reload that was applied, at `info`: the changed keys with their new values (`***`
    /// for secrets, `(removed)` for keys no longer set), the sources reloaded, and the
    /// registrations whose instances were discarded. Call after the new properties are visible.
    package func logPropertyReload(changedKeys: [String], sources: [String], discarded: [String]) {
        guard let logger = PropertyReads.logger(for: self) else { return }
        let mask = SecretMask(container: self)
        let keys = changedKeys.sorted()
        let changes = keys.prefix(PropertyLogging.maxListed).map { key -> String in
            guard let value = mask.snapshot?.value(key) else { return "\(key) (removed)" }
            return "\(key) = \(mask.displayText(value, key: key))"
        }
        var message = "Reloaded properties from \(PropertyLogging.list(sources)): "
        message += keys.isEmpty ? "no key changed" : "\(keys.count) changed: " + changes.joined(separator: ", ")
        if keys.count > PropertyLogging.maxListed { message += " and \(keys.count - PropertyLogging.maxListed) more" }
        if !discarded.isEmpty { message += "; rebuilt on next resolve: " + PropertyLogging.list(discarded) }
        logger.info(
            "\(message)",
            metadata: [
                "changed-keys": .array(keys.map { .string($0) }),
                "discarded": .array(discarded.map { .string($0) }),
            ])
    }

    /// Logs a reload that was rejected (the properties stay as they were), at `error`, with the
    /// error's message, which names the file and line:column of a parse error.
    package func logRejectedPropertyReload(_ error: any Error, sources: [String]) {
        guard let logger = PropertyReads.logger(for: self) else { return }
        logger.error(
            "Reload of \(PropertyLogging.list(sources)) rejected, properties unchanged: \(error)",
            metadata: ["property-sources": .array(sources.map { .string($0) })])
    }
}
