import Atomics

extension Injector {
    /// Shuts down every singleton this injector holds or created that conforms to
    /// ``Shutdownable``, in reverse order of creation, each once.
    ///
    /// ```swift
    /// try await injector.shutdown()
    /// ```
    ///
    /// Covered: fixed instances (`.singleton`, in registration order), lazy singletons and async
    /// singletons once created, and instances of this injector's ``container`` registered with
    /// Swinject's API and marked with `shutsDown()`. Factories' instances are not: they belong to
    /// whoever asked for them. Parent and child injectors shut down their own services.
    ///
    /// Every service is shut down even when an earlier one throws; the errors are then thrown
    /// together as one ``InjectionError/shutdownFailed`` whose ``InjectionError/causes`` name
    /// each failing service with its error. A service whose shutdown threw is not tried again.
    ///
    /// The injector keeps answering requests afterwards and hands out the same (now shut down)
    /// instances: shut it down when the process stops. A singleton created after or during a
    /// shutdown is shut down by the next call; one already shut down is skipped.
    public func shutdown(fileID: String = #fileID, line: Int = #line) async throws(InjectionError) {
        let registrations = registry.withState { Array($0.registrations.values) }
        var pending = registrations.compactMap { $0.createdInstance() }
        pending += ShutdownLedger.existing(for: container)?.pendingInstances() ?? []
        try await Self.shutDown(pending, fileID: fileID, line: line, label: label)
    }

    /// Shuts down `pending` newest first, each once (by its claim, and by object identity for
    /// class instances registered under several keys); throws the collected failures.
    static func shutDown(
        _ pending: [CreatedInstance],
        fileID: String, line: Int, label: String?
    ) async throws(InjectionError) {
        var failures: [InjectionError] = []
        var seen: Set<ObjectIdentifier> = []
        for entry in pending.sorted(by: { $0.stamp > $1.stamp }) {
            let value = entry.value
            if type(of: value) is AnyClass, !seen.insert(ObjectIdentifier(value as AnyObject)).inserted { continue }
            guard let service = value as? any Shutdownable, entry.claim() else { continue }
            do {
                try await service.shutdown()
            } catch {
                failures.append(
                    InjectionError(
                        code: .shutdownFailed, serviceType: entry.serviceType, injectorLabel: label,
                        fileID: fileID, line: line, underlyingError: error))
            }
        }
        guard !failures.isEmpty else { return }
        throw InjectionError(
            code: .shutdownFailed, injectorLabel: label, fileID: fileID, line: line, causes: failures)
    }
}
