import SwinjectKitSupport

/// An autoregistration as a link of a failure's chain: its service, name and initializer.
struct FactoryIdentity {
    let service: Any.Type
    let name: String?
    let parameters: [DependencyInfo]

    var link: ChainLink {
        ChainLink(
            type: service, name: name,
            signature: TypeName.signature(parameters: parameters.map(\.type), result: service))
    }
}

/// The state of the autoregistered resolutions running on one thread: the stack of factories
/// being run (to find a cycle before Swinject's depth limit traps) and the failure of the last
/// outermost resolution, which `resolveOrThrow` turns into its error.
///
/// Swinject runs a factory on the thread that called `resolve`, so per-thread state follows one
/// resolution; it is touched only by its own thread.
/// The failure is scoped to the outermost resolution: it is cleared when a new
/// outermost autoregistered factory starts and when `resolveOrThrow` starts, so a failure left by
/// an earlier plain `resolve` is never reported for another request.
final class ResolutionContext {
    /// The factories running on this thread, outermost first, each keyed by its
    /// ``AutoregistrationInfo``'s identity: the factory closure that runs while a frame is on the
    /// stack retains it.
    private var stack = ResolutionStack()
    /// The failure of the current (or last) outermost resolution. Each one is also posted to
    /// ``ExplainedFailures``, so an `Injector` whose Swinject registration produced nil because of
    /// it can show the chain.
    private(set) var failure: PendingFailure? {
        didSet {
            if let failure { ExplainedFailures.post(failure.explained) }
        }
    }
    /// How many cycles were found on this thread; a factory that sees it change while it ran
    /// was part of a cycle and fails too.
    private(set) var cycles = 0

    private init() {}

    /// Every thread's context, reached through ``ThreadLocal/withCurrent(_:)``.
    static let slot = ThreadLocal { ResolutionContext() }

    /// Pushes `identity`; returns false, recording the cycle, when it is already on the stack.
    func enter(_ identity: AutoregistrationInfo) -> Bool {
        if stack.depth == 0, failure != nil { failure = nil }
        guard let first = stack.enter(ObjectIdentifier(identity), name: nil) else { return true }
        return enterAgain(ObjectIdentifier(identity), first: first)
    }

    /// Pops the innermost frame.
    func leave() {
        stack.pop()
    }

    /// Pushes `identity`, whose factory is already on the stack at `first` (and nowhere below
    /// it); returns false, recording the cycle, when it is on the stack above `first` too.
    ///
    /// A second entry is Swinject's own way out of a cycle: a closure's `initCompleted` that
    /// resolves a service whose factory is still running runs that factory again, which then
    /// finds the closure's instance in the object graph. A third entry never ends.
    @inline(never)
    private func enterAgain(_ identity: ObjectIdentifier, first: Int) -> Bool {
        guard let last = stack.lastIndex(of: identity, name: nil), last != first else {
            stack.push(identity, name: nil)
            return true
        }
        cycles &+= 1
        let (chain, start) = cycleChain(first: first, last: last)
        failure = PendingFailure(chain: chain, kind: .cycle(start: start))
        return false
    }

    /// The factories on the stack, outermost first.
    private var infos: [AutoregistrationInfo] {
        // A frame's identity is its factory's `AutoregistrationInfo`, alive while it is on the
        // stack; keeping the objects on the stack instead costs every resolve a retain.
        // Benchmark: graph.autoregister.100
        stack.keys.map { unsafeBitCast($0.identity, to: AutoregistrationInfo.self) }
    }

    /// The autoregistered factories running on this thread, outermost first, as chain links.
    func openLinks() -> [ChainLink] {
        infos.map(\.link)
    }

    /// The `.request` service (its instance's type) that the last resolve built outside any unit
    /// of work; written by ``RequestInstanceStorage``, cleared by each `resolveOrThrow`.
    private(set) var outsideScope: Any.Type?

    /// Clears the failure before a `resolveOrThrow`.
    func beginRequest() {
        failure = nil
        if outsideScope != nil { outsideScope = nil }
    }

    /// Records that a `.request` service of type `type` was resolved outside any unit of work.
    func recordOutsideScope(_ type: Any.Type) {
        if outsideScope == nil { outsideScope = type }
    }

    /// Removes and returns the `.request` service resolved outside any unit of work, if any.
    func takeOutsideScope() -> Any.Type? {
        guard let type = outsideScope else { return nil }
        outsideScope = nil
        return type
    }

    /// Records that the innermost factory (`link`) could not build its service because
    /// `missing` did not resolve, or because its initializer threw `thrown`.
    func recordFailure(of link: ChainLink, missing: Any.Type?, thrown: (any Error)?) {
        // A cycle found inside this factory explains its failure already.
        if let kind = failure?.kind, case .cycle = kind { return }
        // A nested `resolveOrThrow` whose error the factory let through: one chain from here.
        if missing == nil, let inner = (thrown as? ResolutionError)?.pending {
            failure = inner.joined(below: link)
            return
        }
        if let missing, var failure, let head = failure.chain.first, head.type == missing, head.name == nil {
            failure.chain.insert(link, at: 0)
            self.failure = failure
        } else if let missing {
            failure = PendingFailure(
                chain: [link, ChainLink(type: missing, name: nil, signature: nil)], kind: .missingDependency)
        } else {
            failure = PendingFailure(chain: [link], kind: .initializerThrew(thrown ?? UnknownFailure()))
        }
    }

    /// Removes and returns the failure if it is about `service` named `name`.
    func takeFailure(service: Any.Type, name: String?) -> PendingFailure? {
        guard let failure else { return nil }
        self.failure = nil
        guard let head = failure.chain.first, head.type == service, head.name == name else { return nil }
        return failure
    }

    /// The chain from the outermost frame to the frame at `first`, then once around the cycle
    /// back to it (the frame at `last` is the same factory), and where the cycle starts in it.
    ///
    /// Between two autoregistered services the stack shows, a service registered with a closure
    /// may sit unseen (`A` resolves `B`, whose closure resolves `A`). When the next service is not
    /// a parameter of the previous one, the previous one's only resolved parameter is named as
    /// the step between them, or `…` when it has several.
    private func cycleChain(first: Int, last: Int) -> (chain: [ChainLink], start: Int) {
        let identities = Array(infos[...last])
        var chain: [ChainLink] = []
        var start = 0
        for (index, identity) in identities.enumerated() {
            if index == first { start = chain.count }
            chain.append(identity.link)
            guard index + 1 < identities.count else { break }
            let next = identities[index + 1].service
            let resolved = identity.parameters.filter { !$0.isArgument }
            if resolved.contains(where: { $0.lookupType == next }) { continue }
            if resolved.count == 1 {
                chain.append(ChainLink(type: resolved[0].lookupType, name: nil, signature: nil))
            } else {
                chain.append(ChainLink(type: Unseen.self, name: nil, signature: nil))
            }
        }
        return (chain, start)
    }
}
