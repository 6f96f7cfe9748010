import Synchronization

/// One type being created implicitly or lazily.
struct ResolutionStep: Sendable {
    let key: RegistryKey
    let typeName: String
}

/// Keeps the first cycle found during one outermost creation, so it can be reported even when an inner
/// optional accessor (`getObject`, a subscript) swallowed it.
final class CycleSlot: Sendable {
    private let error = Mutex<InjectionError?>(nil)

    func record(_ cycle: InjectionError) {
        error.withLock { if $0 == nil { $0 = cycle } }
    }

    var recorded: InjectionError? { error.withLock { $0 } }
}

/// The types being created on the current task (or thread, outside tasks), outermost first.
struct ResolutionTrace: Sendable {
    var steps: [ResolutionStep] = []
    var cycles: CycleSlot?

    @TaskLocal static var current = ResolutionTrace()

    /// Type names of the current chain followed by `last`, for error messages.
    static func chain(appending last: String) -> [String] {
        let steps = current.steps
        return steps.isEmpty ? [] : steps.map(\.typeName) + [last]
    }
}

extension Injector {
    /// Runs `body` with `key` pushed on the resolution trace, reporting a cycle instead of recursing.
    func traced<Service>(
        _ type: Service.Type,
        key: RegistryKey,
        site: CallSite,
        _ body: () throws(InjectionError) -> Service
    ) throws(InjectionError) -> Service {
        let trace = ResolutionTrace.current
        let step = ResolutionStep(key: key, typeName: String(reflecting: type))
        if trace.steps.contains(where: { $0.key == key }) {
            let chain = (trace.steps + [step]).map(\.typeName)
            let cycle = InjectionError(.cycle, type, name: key.name, injector: self, chain: chain, site: site)
            trace.cycles?.record(cycle)
            throw cycle
        }
        let cycles = trace.cycles ?? CycleSlot()
        let inner = ResolutionTrace(steps: trace.steps + [step], cycles: cycles)
        let result = ResolutionTrace.$current.withValue(inner) {
            Result { () throws(InjectionError) -> Service in try body() }
        }
        if trace.cycles == nil, let cycle = cycles.recorded {
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
