import Logging
import PropertyFormats
import Swinject
import SwinjectKitSupport

/// The property reads of one container that did not give the caller a usable value, kept so
/// that ``Swinject/Container/checkProperties(resolvingRegistrations:)`` can report them all.
///
/// Each failure is kept once per key, requested type and call site, in the order first seen,
/// with how to read the property again: ``failures`` lists only those that still fail.
/// A type mismatch is logged once per key through swift-log (label `SwinjectKit`), with the
/// values of secret keys masked. Attached to the container through ``ContainerAttachments``,
/// so it lives exactly as long as the container.
final class PropertyReadLog: Sendable {
    private struct FailureID: Hashable {
        let key: String
        let requestedType: String
        let fileID: String
        let line: Int
    }

    private struct State {
        var failures: [RecordedReadFailure] = []
        var seen: Set<FailureID> = []
        var loggedKeys: Set<String> = []
        var requirements: [PropertyDeclaration] = []
        var logger: Logger?
    }

    private let state = LockedValue(State())

    /// The log of `container`, created on first use.
    static func of(_ container: Container) -> PropertyReadLog {
        ContainerAttachments.of(container).value(PropertyReadLog.self) { PropertyReadLog() }
    }

    /// The log of `container`, created on first use, if the container already has SwinjectKit
    /// state; never attaches anything to a container that has none.
    static func ifAttached(to container: Container) -> PropertyReadLog? {
        ContainerAttachments.existing(for: container)?.value(PropertyReadLog.self) { PropertyReadLog() }
    }

    /// The log of `container` if something was recorded for it.
    static func existing(for container: Container) -> PropertyReadLog? {
        ContainerAttachments.existing(for: container)?.value(PropertyReadLog.self)
    }

    /// Keeps `failure` (once per key, type and call site) and, when `logging`, logs a type
    /// mismatch or a placeholder that does not resolve once per key.
    func record(_ recorded: RecordedReadFailure, logging: Bool = true) {
        let failure = recorded.error
        let id = FailureID(
            key: failure.key, requestedType: failure.requestedType, fileID: failure.fileID, line: failure.line)
        let (isNew, logger) = state.withLock { state -> (Bool, Logger?) in
            guard state.seen.insert(id).inserted else { return (false, nil) }
            state.failures.append(recorded)
            guard logging, failure.code == .typeMismatch || failure.code == .unresolvedPlaceholder,
                state.loggedKeys.insert(failure.key).inserted
            else {
                return (true, nil)
            }
            return (true, state.logger ?? PropertyLogging.defaultLogger())
        }
        guard isNew, let logger else { return }
        logger.warning(
            "\(failure.description)",
            metadata: ["property": "\(failure.key)", "requested-type": "\(failure.requestedType)"])
    }

    /// Every recorded failure that still fails with the current properties, as it fails now, in
    /// the order first seen.
    var failures: [PropertyError] {
        // Read again outside the lock: a read may record into this log.
        state.withLock { $0.failures }.compactMap { $0.readAgain() }
    }

    /// The logger for this container's messages, or nil for the default.
    var logger: Logger? {
        get { state.withLock { $0.logger } }
        set { state.withLock { $0.logger = newValue } }
    }

    func declare(_ declaration: PropertyDeclaration) {
        state.withLock { $0.requirements.append(declaration) }
    }

    var declarations: [PropertyDeclaration] {
        state.withLock { $0.requirements }
    }
}

/// A failed property read and how to make it again.
struct RecordedReadFailure: Sendable {
    /// The failure as first seen.
    let error: PropertyError
    /// The failure the same read gives with the current properties, or nil when it succeeds.
    let readAgain: @Sendable () -> PropertyError?
}

/// A property a container declared it needs: its key, type and where it was declared.
struct PropertyDeclaration: Sendable {
    let key: String
    /// The declared type; a metatype, which is `Sendable`.
    let type: any Any.Type
    let fileID: String
    let line: Int
    /// Reads the property as the declared type, throwing what `requiredProperty` throws.
    let check: @Sendable (Container) throws(PropertyError) -> Void
}

/// Where SwinjectKit's log messages go when a container has no logger of its own.
enum PropertyLogging {
    /// `Logger(label: "SwinjectKit")` when the process bootstrapped swift-log, nil otherwise.
    ///
    /// swift-log's default handler writes to standard error. A library should stay quiet unless
    /// the application chose a backend, so a logger whose handler is swift-log's stream handler
    /// is treated as "no backend". An application that bootstraps the stream handler itself and
    /// wants these messages sets `container.propertyLogger`.
    static func defaultLogger() -> Logger? {
        let logger = Logger(label: "SwinjectKit")
        return logger.handler is StreamLogHandler ? nil : logger
    }
}
