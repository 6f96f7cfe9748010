import Swinject
import SwinjectKitSupport

/// The manifest of one tracked container, kept in the container's ``ContainerAttachments``.
///
/// Registration is the hot path and reading the manifest the rare one (`verify()`,
/// `dependencyGraph()`, an error message), so registering only appends to a log under the lock,
/// and the manifest (its key table, dependency pool and targets) is built from the log when
/// someone reads it, then kept and extended by later reads. Registrations made before tracking
/// started are read from Swinject (``SwinjectRegistrationTable``, which needs `Mirror` and the runtime's
/// conformance look-ups) on that first read too, not when tracking starts; they go first, since
/// they are older than every logged one.
final class TrackedRegistrations: Sendable {
    /// One logged change, applied to the manifest in order.
    fileprivate enum Change {
        case record(ManifestRecord)
        case attach(AutoregistrationInfo, RegistrationKey)
    }

    fileprivate struct State {
        var manifest = Manifest()
        /// Changes not yet applied to ``manifest``.
        var log: [Change] = []
        /// Whether the registrations made before tracking started still have to be read.
        var needsImport = true
        /// Whether the registrations made before tracking started were imported.
        var isComplete = false
    }

    private let state = LockedValue(State())

    /// Adds or replaces the record of one registration.
    func record(_ record: consuming ManifestRecord) {
        // Moved into the log rather than copied: a copy would retain the name, the entry and the
        // details once more, and release them when this call returns.
        var moving = Optional(record)
        state.withLock { state in
            if let record = moving.take() { state.log.append(.record(record)) }
        }
    }

    /// Attaches autoregistration details to a recorded registration. The record is usually the
    /// last one logged (the observer logged it a moment ago on this thread), and then the details
    /// join it in place.
    func attach(_ info: AutoregistrationInfo, to key: RegistrationKey) {
        state.withLock { state in
            if let last = state.log.indices.last, case .record(var record) = state.log[last],
                record.autoregistration == nil, record.hasKey(key)
            {
                record.autoregistration = info
                state.log[last] = .record(record)
            } else {
                state.log.append(.attach(info, key))
            }
        }
    }

    /// The manifest and whether it holds every registration of `container`, the container these
    /// registrations are tracked for. The first call reads the registrations made before tracking
    /// started, under Swinject's lock and outside this one (the observer runs after Swinject
    /// released its lock, so the two locks are never held together).
    func snapshot(of container: Container) -> (manifest: Manifest, isComplete: Bool) {
        var imported: [SwinjectRegistration]?? = nil
        if state.withLock({ $0.needsImport }) {
            imported = .some(SwinjectRegistrationTable.registrations(of: container)?.filter { !$0.hasOption })
        }
        return state.withLock { state in
            // The flag only goes from true to false, so a thread that finds it set read it set
            // above and holds the registrations to import.
            if state.needsImport, let registrations = imported {
                state.needsImport = false
                state.importFirst(registrations)
            }
            state.applyLog()
            return (state.manifest, state.isComplete)
        }
    }

    /// The manifest of `registrations` alone, read from a container that is not tracked.
    static func manifest(importing registrations: [SwinjectRegistration]?) -> Manifest {
        var manifest = Manifest()
        for registration in registrations ?? [] {
            manifest.recordIfAbsent(ManifestRecord(registration))
        }
        return manifest
    }
}

extension TrackedRegistrations.State {
    /// Starts the manifest with the imported registrations whose keys the log does not hold: a
    /// logged registration is never older than the imported one of the same key.
    fileprivate mutating func importFirst(_ registrations: [SwinjectRegistration]?) {
        guard let registrations else {
            isComplete = false
            return
        }
        isComplete = true
        guard !registrations.isEmpty else { return }
        var logged = Set<RegistrationKey>()
        logged.reserveCapacity(log.count)
        for change in log {
            if case .record(let record) = change { logged.insert(record.key) }
        }
        var manifest = Manifest()
        for registration in registrations {
            let record = ManifestRecord(registration)
            if !logged.contains(record.key) { manifest.recordIfAbsent(record) }
        }
        self.manifest = manifest
    }

    /// Applies the logged changes to the manifest, in order, and empties the log.
    fileprivate mutating func applyLog() {
        guard !log.isEmpty else { return }
        manifest.reserveCapacity(adding: log.count)
        for change in log {
            switch change {
            case .record(let record):
                let info = record.autoregistration
                manifest.record(record)
                if let info { manifest.attach(info, to: record.key) }
            case .attach(let info, let key):
                manifest.attach(info, to: key)
            }
        }
        log.removeAll()
    }
}
