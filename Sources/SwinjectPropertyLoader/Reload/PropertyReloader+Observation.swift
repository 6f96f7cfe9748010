@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension PropertyReloader {
    /// The reload events from now on: each successful reload with the keys whose values
    /// changed, and each rejected reload with its error. File changes that changed no value
    /// send no event. The sequence ends when the reloader is released.
    ///
    /// Each call makes a new stream, which receives only later events: make it first, then wait. A stream keeps
    /// the newest 256 events when its reader falls behind.
    ///
    /// ```swift
    /// for await event in reloader.events() where !event.isRejected {
    ///     print(event.changedKeys)
    /// }
    /// ```
    public func events() -> AsyncStream<PropertyReloadEvent> {
        subscribers.subscribe { _ in true }
    }

    /// The successful reloads that changed `key` or, when `key` names a section, a key inside
    /// it. A string literal is a key, and so is a declared ``PropertyKey``.
    ///
    /// ```swift
    /// for await _ in reloader.changes(of: "database") {
    ///     pool.reconnect()
    /// }
    /// ```
    public func changes(of key: PropertyKey) -> AsyncStream<PropertyReloadEvent> {
        changes(of: key.name)
    }

    /// The successful reloads that changed the key `name` or a key inside its section.
    package func changes(of name: String) -> AsyncStream<PropertyReloadEvent> {
        subscribers.subscribe { $0.error == nil && $0.changed(name) }
    }
}
