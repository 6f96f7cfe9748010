public import Swinject
import SwinjectKitSupport

extension ServiceEntry {
    /// Records every instance this entry creates, so that the container's
    /// `container.shutdown()` (or the shutdown of an ``Injector``
    /// whose container it is) calls its ``Shutdownable/shutdown()``.
    ///
    /// ```swift
    /// container.register(ConnectionPool.self) { _ in ConnectionPool(size: 8) }
    ///     .inObjectScope(.container)
    ///     .shutsDown()
    /// ```
    ///
    /// Opt-in per entry because Swinject does not say which instances it keeps: mark entries in the
    /// `.container` scope (one instance). On a `.transient` or `.graph` entry every instance is
    /// recorded and kept alive until the shutdown. An instance that does not conform to
    /// ``Shutdownable`` is recorded and skipped.
    @discardableResult
    public func shutsDown() -> Self {
        let ledger = Self.owner(of: self).map(ShutdownLedger.of)
        return initCompleted { resolver, service in
            // The entry's container is read once here; if Swinject ever stops keeping it, the
            // instance goes to the container that resolved it.
            if let target = ledger ?? (resolver as? Container).map(ShutdownLedger.of) {
                target.record(service)
            }
        }
    }

    /// The container the entry was registered on (``SwinjectEntryFields``).
    private static func owner(of entry: ServiceEntry) -> Container? {
        SwinjectEntryFields.container(of: entry)
    }
}

extension Container {
    /// Shuts down the instances of the entries marked with `shutsDown()`,
    /// in reverse order of creation, each once; the errors are thrown together as one
    /// ``InjectionError/shutdownFailed``, as ``Injector/shutdown(fileID:line:)`` does.
    ///
    /// ```swift
    /// try await container.shutdown()
    /// ```
    public func shutdown(
        fileID: String = #fileID, line: Int = #line, isolation: isolated (any Actor)? = #isolation
    ) async throws(InjectionError) {
        let pending = ShutdownLedger.existing(for: self)?.pendingInstances() ?? []
        try await Injector.shutDown(pending, fileID: fileID, line: line, label: nil)
    }
}

extension Container {
    /// A `Sendable` closure that runs this container's `shutdown()` without
    /// holding the container (which is not `Sendable`), for services that outlive the code that
    /// configured it (SwinjectKitLifecycle).
    package func shutdownHandle(fileID: String, line: Int) -> @Sendable () async throws(InjectionError) -> Void {
        let ledger = ShutdownLedger.of(self)
        return { () async throws(InjectionError) in
            try await Injector.shutDown(ledger.pendingInstances(), fileID: fileID, line: line, label: nil)
        }
    }
}
