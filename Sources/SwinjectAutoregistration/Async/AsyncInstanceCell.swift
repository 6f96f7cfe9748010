import SwinjectKitSupport

/// The instance of one registration in one scope (a `.container` singleton, one `.graph` instance,
/// a `.weak` or `.request` one), created once however many tasks ask at the same moment.
///
/// The first task to ask starts the creation in a task of its own, which inherits its task-local
/// values and priority and starts at once on its thread; every task that asks while it runs, the
/// first included, waits for that creation and gets its instance or its error. A creation that
/// throws leaves the cell empty, so the next request tries again.
///
/// Cancellation follows the `Injector`'s rule: a cancelled task stops waiting at once with a
/// ``ResolutionError/Code/cancelled`` error; the creation goes on while another task waits for
/// it, and its task is cancelled when none does. If it then throws, nothing is kept.
///
/// A cell of the `.weak` scope keeps its instance weakly: once nothing else holds it, the next
/// request creates a new one, through the same one-creation-in-flight path.
final class AsyncInstanceCell: Sendable {
    /// Runs the factory as the given creation.
    typealias Make = @Sendable (AsyncCreation) async throws(ResolutionError) -> InstanceBox

    private enum State {
        case empty
        case creating(AsyncCellFlight)
        case created(InstanceBox)
        /// A `.weak` instance, while something else holds it.
        case held(WeakInstance)
    }

    private enum Step {
        case done(InstanceBox)
        case launch(AsyncCellFlight)
        case wait(AsyncCellFlight)
        case cancelled
    }

    private let state = LockedValue(State.empty)
    /// Whether the cell keeps its instance weakly (the `.weak` scope).
    private let isWeak: Bool

    init(weak isWeak: Bool = false) {
        self.isWeak = isWeak
    }

    /// The instance, made by `make` if no task has made it or is making it.
    ///
    /// - Parameters:
    ///   - frame: The resolution asking; its held creations are checked against the one it would
    ///     wait for, so two creations waiting for each other fail with a cycle instead of hanging.
    ///   - link: The registration, as the creation is shown in a chain.
    ///   - make: Runs the factory as the given creation.
    func instance(
        frame: AsyncFrame,
        link: ChainLink,
        make: @escaping Make
    ) async throws(ResolutionError) -> InstanceBox {
        while true {
            let step = state.withLock { state -> Step in
                switch state {
                case .created(let box):
                    return .done(box)
                case .held(let instance):
                    if let object = instance.object { return .done(InstanceBox(object)) }
                case .creating(let flight):
                    return .wait(flight)
                case .empty:
                    break
                }
                if Task.isCancelled { return .cancelled }
                let flight = AsyncCellFlight(creation: AsyncCreation(link: link, parent: frame.creation))
                state = .creating(flight)
                return .launch(flight)
            }
            let flight: AsyncCellFlight
            var launched = false
            switch step {
            case .done(let box):
                return box
            case .cancelled:
                throw AsyncDiagnostics.cancelled(chain: frame.chain + [link], wait: .notStarted)
            case .launch(let newFlight):
                launch(newFlight, make: make)
                flight = newFlight
                launched = true
            case .wait(let existing):
                flight = existing
            }
            switch try await wait(for: flight, frame: frame, launched: launched) {
            case .created(let box):
                // The creation stored the instance under the lock before resuming this waiter.
                // Reading it again under the lock orders the creation's writes (the instance's
                // initializer) before the caller's reads in a way the thread sanitizer sees, which
                // it does not for the continuation alone.
                return state.withLock { state in Self.kept(in: state) } ?? box
            case .failed(let error):
                throw error
            case .cancelled(let wait):
                throw AsyncDiagnostics.cancelled(chain: frame.chain + [link], wait: wait)
            case .retry:
                continue
            }
        }
    }

    /// The instance on the main actor, where every creation of a main-actor registration runs
    /// synchronously, so no other creation can be in flight.
    @MainActor
    func instanceOnMainActor(make: () throws(ResolutionError) -> InstanceBox) throws(ResolutionError) -> InstanceBox {
        if let box = state.withLock({ state in Self.kept(in: state) }) {
            return box
        }
        let box = try make()
        state.withLock { $0 = kept(box) }
        return box
    }

    /// Starts the task of `flight`, which runs `make` and hands the outcome to every waiter. The
    /// task starts at once on this thread where the platform allows, and runs the factory until
    /// its first suspension.
    private func launch(_ flight: AsyncCellFlight, make: @escaping Make) {
        let operation: @Sendable () async -> Void = { await self.create(flight, make: make) }
        let task: Task<Void, Never>
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            task = Task.immediate(operation: operation)
        } else {
            task = Task(operation: operation)
        }
        state.withLock { _ in
            guard flight.outcome == nil else { return }
            flight.task = task
            // Every waiter left before the task was recorded.
            if flight.isCancelled { task.cancel() }
        }
    }

    /// Runs the factory in the flight's task and resumes every waiter with the outcome.
    private func create(_ flight: AsyncCellFlight, make: Make) async {
        let result: Result<InstanceBox, ResolutionError>
        do {
            result = .success(try await make(flight.creation))
        } catch {
            result = .failure(error)
        }
        let (waiters, outcome) = state.withLock { state -> ([AsyncCellFlight.Waiter], AsyncCellOutcome) in
            let outcome: AsyncCellOutcome
            switch result {
            case .success(let box):
                state = kept(box)
                outcome = .created(box)
            case .failure(let error):
                state = .empty
                // A creation cancelled because no one waited is nobody's failure.
                outcome = flight.isCancelled ? .retry : .failed(error)
            }
            flight.outcome = outcome
            flight.task = nil
            return (flight.takeAll(), outcome)
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// Waits for `flight` until it ends or this task is cancelled. `launched`: this task started
    /// it, so an outcome it reached before the task could queue is this task's answer.
    private func wait(
        for flight: AsyncCellFlight, frame: AsyncFrame, launched: Bool
    ) async throws(ResolutionError) -> AsyncCellOutcome {
        // The task that started the creation holds its parent, so the creation's parent link says
        // already that it waits: recording it would only grow the graph every search walks.
        let token = launched ? nil : try AsyncWaitGraph.shared.beginWait(frame, on: flight.creation)
        defer { AsyncWaitGraph.shared.endWait(token) }
        let ticket = AsyncCellTicket()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: AsyncCellFlight.Waiter) in
                let answer = state.withLock { state -> AsyncCellOutcome? in
                    guard case .creating(let current) = state, current === flight else {
                        return launched ? (flight.outcome ?? .retry) : .retry
                    }
                    if Task.isCancelled {
                        flight.cancelIfAbandoned()
                        return .cancelled(flight.waiting > 0 ? .othersWaiting : .creationCancelled)
                    }
                    ticket.number = flight.admit(waiter)
                    ticket.flight = flight
                    return nil
                }
                if let answer { waiter.resume(returning: answer) }
            }
        } onCancel: {
            self.leave(ticket)
        }
    }

    /// Takes a cancelled waiter out of its flight and resumes it at once; cancels the creation when
    /// no task waits for it any more. Does nothing when the creation already resumed it.
    private func leave(_ ticket: AsyncCellTicket) {
        let taken = state.withLock { _ -> (AsyncCellFlight.Waiter, CancelledWait)? in
            guard let flight = ticket.flight, let waiter = flight.remove(ticket.number) else { return nil }
            flight.cancelIfAbandoned()
            return (waiter, flight.waiting > 0 ? .othersWaiting : .creationCancelled)
        }
        if let (waiter, wait) = taken { waiter.resume(returning: .cancelled(wait)) }
    }

    /// What the cell keeps of a created instance: the instance, or for `.weak` a weak reference
    /// (nothing for a value, which cannot be held weakly, so the next request creates another).
    private func kept(_ box: InstanceBox) -> State {
        guard isWeak else { return .created(box) }
        guard type(of: box.value) is AnyClass else { return .empty }
        return .held(WeakInstance(object: box.value as AnyObject))
    }

    /// The instance the cell keeps, if any is alive.
    private static func kept(in state: State) -> InstanceBox? {
        switch state {
        case .created(let box): return box
        case .held(let instance): return instance.object.map(InstanceBox.init)
        case .empty, .creating: return nil
        }
    }
}

/// One creation in flight, and the creation inside whose factory it started (on the same task).
final class AsyncCreation: Sendable {
    let link: ChainLink
    let parent: AsyncCreation?

    init(link: ChainLink, parent: AsyncCreation?) {
        self.link = link
        self.parent = parent
    }

    /// Whether `self` is `other` or was started inside `other`'s factory.
    func isWithin(_ other: AsyncCreation) -> Bool {
        var current: AsyncCreation? = self
        while let step = current {
            if step === other { return true }
            current = step.parent
        }
        return false
    }
}

/// A weak reference to a `.weak` instance.
struct WeakInstance {
    weak var object: AnyObject?
}
