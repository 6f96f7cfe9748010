import SwinjectKitSupport

/// One unit of work (a request, a job, a message): the instances of `.request` registrations made
/// while it runs, one per registration, released when it ends.
///
/// The task-local ``current`` is the one place the unit travels: ``Swinject/Container/withScope(_:)``
/// writes it for the duration of its body; ``RequestInstanceStorage`` (Swinject's `resolve`, and
/// everything built on it: `resolveOrThrow`, autoregistered dependencies, `Injector` and
/// `@Injected`) and ``AsyncResolution`` (`resolveAsync`) read it when a `.request` registration is
/// resolved. Child tasks inherit it, so the concurrent work of one request shares its instances,
/// and a second request running at the same time, bound to its own unit, never sees them.
final class RequestScope: Sendable {
    /// The unit of work of the current task (or thread, inside the synchronous `withScope`).
    @TaskLocal static var current: RequestScope?

    /// Runs `body` as a new unit of work, bound to the task-local, and ends the unit afterwards.
    static func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        let unit = RequestScope()
        defer { unit.end() }
        return try $current.withValue(unit, operation: body)
    }

    /// Runs the async `body` as a new unit of work on the caller's actor.
    static func run<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        let unit = RequestScope()
        defer { unit.end() }
        return try await $current.withValue(unit, operation: body)
    }

    private struct State {
        /// Instances of Swinject registrations, by their ``RequestInstanceStorage``. The storage
        /// is kept beside its instance so its identity cannot be reused while the unit runs.
        var instances: [ObjectIdentifier: (storage: AnyObject, instance: Any)] = [:]
        /// Whether the unit ended: a task that escaped it (an unstructured `Task`) finds no scope.
        var ended = false
    }

    private let state = LockedValue(State())
    /// The instances of async and main-actor registrations, each created once however many child
    /// tasks ask at the same moment (the cells of the async `.container` scope).
    private let cells = LockedValue<LockedCells?>(LockedCells())

    /// The instance `storage` keeps in this unit.
    func instance(for storage: AnyObject) -> Any? {
        state.withLock { $0.instances[ObjectIdentifier(storage)]?.instance }
    }

    /// Keeps `instance` for `storage` until the unit ends; false when it has ended.
    func keep(_ instance: Any?, for storage: AnyObject) -> Bool {
        state.withLock { state in
            guard !state.ended else { return false }
            state.instances[ObjectIdentifier(storage)] = instance.map { (storage, $0) }
            return true
        }
    }

    /// Whether the unit still runs.
    var isOpen: Bool { state.withLock { !$0.ended } }

    /// The cell of an async registration in this unit; nil once the unit has ended.
    func cell(for registration: AsyncRegistration) -> AsyncInstanceCell? {
        cells.withLock { $0 }?.cell(for: ObjectIdentifier(registration))
    }

    /// Ends the unit: its instances are released (outside the lock, so a `deinit` that resolves
    /// cannot deadlock), and later resolves through it fail as outside any scope.
    func end() {
        let released = state.withLock { state in
            state.ended = true
            defer { state.instances = [:] }
            return state.instances
        }
        let releasedCells = cells.withLock { cells in
            defer { cells = nil }
            return cells
        }
        _ = consume released
        _ = consume releasedCells
    }
}
