import SwinjectKitSupport

/// The instance of one registration in one scope (a `.container` singleton, or one `.graph`
/// instance), created once however many tasks ask at the same moment.
///
/// The first task to ask runs the factory; the others wait for that creation in flight and get its
/// instance, or its error. A creation that throws leaves the cell empty, so the next request tries
/// again. When the creating task was cancelled, its waiters do not inherit the cancellation: they
/// start over and one of them creates the instance.
///
/// A cell of the `.weak` scope keeps its instance weakly: once nothing else holds it, the next
/// request creates a new one, through the same one-creation-in-flight path.
final class AsyncInstanceCell: Sendable {
    private typealias Waiter = CheckedContinuation<InstanceBox?, any Error>

    private enum State {
        case empty
        case creating(AsyncCreation, [Waiter])
        case created(InstanceBox)
        /// A `.weak` instance, while something else holds it.
        case held(WeakInstance)
    }

    private enum Step {
        case done(InstanceBox)
        case create(AsyncCreation)
        case wait(AsyncCreation)
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
        make: (AsyncCreation) async throws(ResolutionError) -> InstanceBox
    ) async throws(ResolutionError) -> InstanceBox {
        while true {
            let step = state.withLock { state -> Step in
                switch state {
                case .created(let box):
                    return .done(box)
                case .held(let instance):
                    if let object = instance.object { return .done(InstanceBox(object)) }
                    let creation = AsyncCreation(link: link, parent: frame.creation)
                    state = .creating(creation, [])
                    return .create(creation)
                case .creating(let creation, _):
                    return .wait(creation)
                case .empty:
                    let creation = AsyncCreation(link: link, parent: frame.creation)
                    state = .creating(creation, [])
                    return .create(creation)
                }
            }
            switch step {
            case .done(let box):
                return box
            case .create(let creation):
                return try await create(creation, make: make)
            case .wait(let creation):
                if let box = try await wait(for: creation, frame: frame) { return box }
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

    private func create(
        _ creation: AsyncCreation,
        make: (AsyncCreation) async throws(ResolutionError) -> InstanceBox
    ) async throws(ResolutionError) -> InstanceBox {
        do {
            let box = try await make(creation)
            let waiters = finish(kept(box))
            for waiter in waiters { waiter.resume(returning: box) }
            return box
        } catch {
            let waiters = finish(.empty)
            // A creation cancelled with its task is not the waiters' failure: they start over.
            let cancelled = Task.isCancelled
            for waiter in waiters {
                if cancelled { waiter.resume(returning: nil) } else { waiter.resume(throwing: error) }
            }
            throw error
        }
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

    private func finish(_ next: State) -> [Waiter] {
        state.withLock { state -> [Waiter] in
            guard case .creating(_, let waiters) = state else { return [] }
            state = next
            return waiters
        }
    }

    /// Waits for `creation`; nil when it is no longer in flight and the caller must look again.
    private func wait(for creation: AsyncCreation, frame: AsyncFrame) async throws(ResolutionError) -> InstanceBox? {
        let token = try AsyncWaitGraph.shared.beginWait(frame, on: creation)
        defer { AsyncWaitGraph.shared.endWait(token) }
        do {
            let resumed = try await withCheckedThrowingContinuation { (waiter: Waiter) in
                let queued = state.withLock { state -> Bool in
                    guard case .creating(let current, var waiters) = state, current === creation else { return false }
                    waiters.append(waiter)
                    state = .creating(current, waiters)
                    return true
                }
                if !queued { waiter.resume(returning: nil) }
            }
            // The creator stored the instance under the lock before resuming this waiter. Reading
            // it again under the lock orders the creator's writes (the instance's initializer)
            // before the caller's reads in a way the thread sanitizer sees, which it does not for
            // the continuation alone.
            return state.withLock { state in Self.kept(in: state) ?? resumed }
        } catch let error as ResolutionError {
            throw error
        } catch {
            throw ResolutionError(code: .initializerThrew, chain: [], message: "\(error)", underlyingError: error)
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
