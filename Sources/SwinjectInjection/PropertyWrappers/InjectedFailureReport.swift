import SwinjectKitSupport

/// Hands a failed `@Injected` resolution to the start-up check running on this thread, if any
/// (``PropertyInjectionFailure``), so `verify(.resolvingEach)` reports a property that would stop
/// the program when read.
@usableFromInline
enum InjectedFailureReport {
    @usableFromInline
    static func post(_ error: InjectionError, service: Any.Type, name: String?) {
        guard FactoryErrors.isCollecting else { return }
        let reason: PropertyInjectionFailure.Reason =
            switch error.code {
            case .notRegistered: .notRegistered
            case .cycle: .cycle
            case .asyncOnly: .asyncOnly
            default: .failed
            }
        FactoryErrors.post(
            PropertyInjectionFailure(reason: reason, service: service, name: name, description: "\(error)"))
    }
}
