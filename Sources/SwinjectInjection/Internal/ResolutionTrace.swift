import SwinjectKitSupport

/// The chain of services being created on the current thread (see ``ThreadState``).
enum ResolutionTrace {
    /// Type names of the current chain followed by `last`, for error messages; empty outside a chain.
    static func chain(appending last: String) -> [String] {
        let chain = ThreadState.current.chain
        return chain.isEmpty ? [] : chain + [last]
    }

    /// Type names of the current chain.
    static var currentChain: [String] { ThreadState.current.chain }

    /// Remembers `error`, which a forwarder or an optional accessor is about to turn into nil, if it is
    /// the first such error inside the current outermost request.
    static func recordSwallowed(_ error: InjectionError) {
        let state = ThreadState.current
        if state.pending & PendingError.swallowed == 0, state.depth > 0 { state.swallowed = error }
    }

    /// Whether ``recordSwallowed(_:)`` would keep an error now (so a caller can skip building it).
    static var needsSwallowed: Bool {
        let state = ThreadState.current
        return state.pending & PendingError.swallowed == 0 && state.depth > 0
    }

    /// Remembers a cycle found outside ``Injector/traced(_:key:site:_:)`` (a `@LazyInjected` property
    /// read again while it resolves), so the outermost request reports it.
    static func recordCycle(_ cycle: InjectionError) {
        let state = ThreadState.current
        if state.pending & PendingError.cycle == 0, state.depth > 0 { state.cycle = cycle }
    }
}

/// What ``ThreadState/enter(_:)`` saw, for the matching ``ThreadState/leave(_:succeeded:)``.
struct TraceFrame {
    let isOutermost: Bool
    /// Whether an error was already swallowed when the step began (it is kept: only the first is).
    let hadSwallowed: Bool
}

extension ThreadState {
    /// Pushes `key`, or returns nil when it is already on the chain (a cycle). Non-generic and
    /// free of `Result`, so the per-request cost stays a few loads and stores: the chain is short
    /// and compared by type identity first.
    func enter(_ key: RegistryKey) -> TraceFrame? {
        let frame = TraceFrame(isOutermost: depth == 0, hadSwallowed: pending & PendingError.swallowed != 0)
        return push(key) ? frame : nil
    }

    /// Pops the key pushed with `frame`; returns the cycle the outermost request must report, if any.
    func leave(_ frame: TraceFrame, succeeded: Bool) -> InjectionError? {
        leaveReportingCycle(frame, succeeded: succeeded) ? takeCycle() : nil
    }

    /// Pops the key pushed with `frame`; true when the outermost request must now report the cycle
    /// ``takeCycle()`` returns. Without a pending error (the common case) this is a pop and a test.
    func leaveReportingCycle(_ frame: TraceFrame, succeeded: Bool) -> Bool {
        pop()
        return pending != 0 && settlePending(frame, succeeded: succeeded)
    }

    /// Errors swallowed inside a step that succeeded were handled there; only a failed step's are a
    /// cause worth naming. The outermost step clears what is left and reports a cycle.
    @inline(never)
    private func settlePending(_ frame: TraceFrame, succeeded: Bool) -> Bool {
        if succeeded, !frame.hadSwallowed, pending & PendingError.swallowed != 0 { swallowed = nil }
        guard frame.isOutermost else { return false }
        if pending & PendingError.swallowed != 0 { swallowed = nil }
        return pending & PendingError.cycle != 0
    }

    /// The pending cycle, cleared.
    @inline(never)
    func takeCycle() -> InjectionError {
        let found = cycle ?? InjectionError(code: .cycle)
        cycle = nil
        return found
    }
}

extension Injector {
    /// Runs `body` with `key` pushed on the thread's resolution chain, throwing
    /// ``InjectionError/cycle`` with the chain instead of recursing when `key` is already on it.
    ///
    /// Every creation path goes through here (factories, closure bindings, lazy singletons, implicit
    /// `Injectable` creation, Swinject registrations resolved by the injector), so a cycle through any
    /// of them is found on its second visit of a key instead of overflowing the stack or reaching
    /// Swinject's depth limit. Inlined, so its body closure costs nothing on the per-object path.
    // Benchmark: graph.injector.factory.100
    @inline(__always)
    func traced<Service>(
        _ type: Service.Type,
        key: RegistryKey,
        site: CallSite,
        _ body: () throws(InjectionError) -> Service
    ) throws(InjectionError) -> Service {
        // The thread's state, unretained (see `ThreadState`): each access borrows it.
        let state = ThreadState.unretained(threadStates)
        guard let frame = state._withUnsafeGuaranteedRef({ $0.enter(key) }) else {
            throw cycleError(Service.self, key: key, state: state.takeUnretainedValue(), site: site)
        }
        let service: Service
        do {
            service = try body()
        } catch {
            if state._withUnsafeGuaranteedRef({ $0.leaveReportingCycle(frame, succeeded: false) }) {
                throw outermost(state.takeUnretainedValue().takeCycle(), site: site)
            }
            throw error
        }
        // Report a cycle at the outermost request: the inner one may be an optional accessor.
        if state._withUnsafeGuaranteedRef({ $0.leaveReportingCycle(frame, succeeded: true) }) {
            throw outermost(state.takeUnretainedValue().takeCycle(), site: site)
        }
        return service
    }

    /// The cycle error for `key`, found already on `state`'s chain; remembered for the outermost
    /// request.
    func cycleError<Service>(
        _ type: Service.Type, key: RegistryKey, state: ThreadState, site: CallSite
    ) -> InjectionError {
        let chain = state.chain + [TypeNames.qualified(type)]
        let cycle = InjectionError(.cycle, type, name: key.name, injector: self, chain: chain, site: site)
        if state.pending & PendingError.cycle == 0 { state.cycle = cycle }
        return cycle
    }

    /// `cycle`, reported at the outermost request's call site.
    func outermost(_ cycle: InjectionError, site: CallSite) -> InjectionError {
        InjectionError(
            code: .cycle,
            serviceType: cycle.serviceType,
            name: cycle.name,
            injectorLabel: cycle.injectorLabel,
            chain: cycle.chain,
            fileID: site.fileID,
            line: site.line
        )
    }
}
