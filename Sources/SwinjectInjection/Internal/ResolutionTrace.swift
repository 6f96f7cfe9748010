/// One service being created: its key and its type (named only when an error is reported).
struct ResolutionStep {
    let key: RegistryKey
    let type: Any.Type

    var typeName: String { String(reflecting: type) }
}

/// The chain of services being created on the current thread (see ``ThreadState``).
enum ResolutionTrace {
    /// Type names of the current chain followed by `last`, for error messages; empty outside a chain.
    static func chain(appending last: String) -> [String] {
        let steps = ThreadState.current.steps
        return steps.isEmpty ? [] : steps.map(\.typeName) + [last]
    }

    /// Type names of the current chain.
    static var currentChain: [String] { ThreadState.current.steps.map(\.typeName) }

    /// Remembers `error`, which a forwarder or an optional accessor is about to turn into nil, if it is
    /// the first such error inside the current outermost request.
    static func recordSwallowed(_ error: InjectionError) {
        let state = ThreadState.current
        if state.swallowed == nil, !state.steps.isEmpty { state.swallowed = error }
    }

    /// Whether ``recordSwallowed(_:)`` would keep an error now (so a caller can skip building it).
    static var needsSwallowed: Bool {
        let state = ThreadState.current
        return state.swallowed == nil && !state.steps.isEmpty
    }

    /// Remembers a cycle found outside ``Injector/traced(_:key:site:_:)`` (a `@LazyInjected` property
    /// read again while it resolves), so the outermost request reports it.
    static func recordCycle(_ cycle: InjectionError) {
        let state = ThreadState.current
        if state.cycle == nil, !state.steps.isEmpty { state.cycle = cycle }
    }
}

extension Injector {
    /// Runs `body` with `key` pushed on the thread's resolution chain, throwing
    /// ``InjectionError/Code/cycle`` with the chain instead of recursing when `key` is already on it.
    ///
    /// Every creation path goes through here (factories, closure bindings, lazy singletons, implicit
    /// `Injectable` creation, Swinject registrations resolved by the injector), so a cycle through any
    /// of them is found on its second visit of a key instead of overflowing the stack or reaching
    /// Swinject's depth limit.
    func traced<Service>(
        _ type: Service.Type,
        key: RegistryKey,
        site: CallSite,
        _ body: () throws(InjectionError) -> Service
    ) throws(InjectionError) -> Service {
        let state = ThreadState.current
        let step = ResolutionStep(key: key, type: Service.self)
        guard state.active.insert(key).inserted else {
            let chain = (state.steps + [step]).map(\.typeName)
            let cycle = InjectionError(.cycle, type, name: key.name, injector: self, chain: chain, site: site)
            if state.cycle == nil { state.cycle = cycle }
            throw cycle
        }
        let isOutermost = state.steps.isEmpty
        state.steps.append(step)
        defer {
            state.steps.removeLast()
            state.active.remove(key)
            if isOutermost {
                state.cycle = nil
                state.swallowed = nil
            }
        }
        let swallowedBefore = state.swallowed
        let result = Result { () throws(InjectionError) -> Service in try body() }
        // Errors swallowed inside a step that succeeded were handled there; only a failed step's are
        // a cause worth naming.
        if case .success = result { state.swallowed = swallowedBefore }
        if isOutermost, let cycle = state.cycle {
            // Report the cycle at the outermost request: the inner one may be an optional accessor.
            throw InjectionError(
                code: .cycle,
                serviceType: cycle.serviceType,
                name: cycle.name,
                injectorLabel: cycle.injectorLabel,
                chain: cycle.chain,
                fileID: site.fileID,
                line: site.line
            )
        }
        return try result.get()
    }
}
