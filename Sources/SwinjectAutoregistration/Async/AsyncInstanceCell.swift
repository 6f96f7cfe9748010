import SwinjectKitSupport

/// The instance of one registration in one scope (a `.container` singleton, one `.graph` or
/// `.request` instance), created once however many tasks ask at the same moment.
///
/// ``AsyncOnce`` holds the rule: the first request starts the creation in a task of its own and
/// every request waits for it; a creation that throws leaves the cell empty, so the next request
/// tries again; a cancelled request returns at once while the creation goes on for the other
/// requests (and is cancelled when none is left); two creations waiting for each other fail with
/// a cycle instead of hanging.
///
/// A cell of the `.weak` scope keeps its instance weakly: once nothing else holds it, the next
/// request creates a new one, through the same path.
final class AsyncInstanceCell: Sendable {
    private enum Kept {
        case none
        case created(InstanceBox)
        /// A `.weak` instance, while something else holds it.
        case held(WeakInstance)
    }

    private let kept = LockedValue(Kept.none)
    private let once = AsyncOnce<InstanceBox, ResolutionError>()
    /// Whether the cell keeps its instance weakly (the `.weak` scope).
    private let isWeak: Bool

    init(weak isWeak: Bool = false) {
        self.isWeak = isWeak
    }

    /// The instance, made by `make` if no task has made it or is making it.
    ///
    /// - Parameters:
    ///   - frame: The resolution asking; the creation it runs in is checked against the one it
    ///     would wait for, so two creations waiting for each other fail with a cycle.
    ///   - link: The registration, as the creation is shown in a chain.
    ///   - make: Runs the factory as the given creation, in that creation's task.
    func instance(
        frame: AsyncFrame,
        link: ChainLink,
        make: @escaping @Sendable (AsyncCreation) async throws(ResolutionError) -> InstanceBox
    ) async throws(ResolutionError) -> InstanceBox {
        if let box = instance { return box }
        let outcome = await once.value(
            within: frame.creation,
            label: link,
            existing: { self.instance },
            keep: { box in self.keep(box) },
            make: { creation in
                do throws(ResolutionError) {
                    return .success(try await make(creation))
                } catch {
                    return .failure(error)
                }
            })
        switch outcome {
        case .created(let box):
            // The creator kept the instance under the cell's lock before resuming this request.
            // Reading it again under the lock orders the creator's writes (the instance's
            // initializer) before the caller's reads in a way the thread sanitizer sees, which it
            // does not for the continuation alone.
            return instance ?? box
        case .failed(let error):
            throw error
        case .cycle(let labels):
            throw AsyncDiagnostics.cycle(chain: frame.chain + labels.compactMap { $0 as? ChainLink })
        case .cancelled(let othersWaiting):
            throw AsyncDiagnostics.cancelled(chain: frame.chain + [link], othersWaiting: othersWaiting)
        }
    }

    /// How many tasks wait for the creation in flight; 0 when none is in flight.
    var waiterCount: Int { once.waiterCount }

    /// The instance on the main actor, where every creation of a main-actor registration runs
    /// synchronously, so no other creation can be in flight.
    @MainActor
    func instanceOnMainActor(make: () throws(ResolutionError) -> InstanceBox) throws(ResolutionError) -> InstanceBox {
        if let box = instance { return box }
        let box = try make()
        keep(box)
        return box
    }

    /// The instance the cell keeps, if any is alive.
    private var instance: InstanceBox? {
        kept.withLock { kept in
            switch kept {
            case .created(let box): return box
            case .held(let instance): return instance.object.map(InstanceBox.init)
            case .none: return nil
            }
        }
    }

    /// Keeps a created instance: the instance, or for `.weak` a weak reference (nothing for a
    /// value, which cannot be held weakly, so the next request creates another).
    private func keep(_ box: InstanceBox) {
        let next: Kept
        if !isWeak {
            next = .created(box)
        } else if type(of: box.value) is AnyClass {
            next = .held(WeakInstance(object: box.value as AnyObject))
        } else {
            next = .none
        }
        kept.withLock { $0 = next }
    }
}

/// A weak reference to a `.weak` instance.
struct WeakInstance {
    weak var object: AnyObject?
}
