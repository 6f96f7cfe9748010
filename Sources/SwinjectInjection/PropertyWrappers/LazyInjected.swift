import SwinjectKitSupport

/// A property injected from an ``Injector`` on first access, once, even when several threads read it
/// at the same moment.
///
/// ```swift
/// final class Screen {
///     @LazyInjected var repository: PRepository
/// }
/// ```
///
/// Copies of the enclosing value share the resolved service. A failed resolution is not remembered: the
/// next access tries again. Reading the property after a failure stops the program with the error
/// (type, injector and declaration site); `try screen.$repository.get()` throws it instead.
///
/// A property whose resolution reads the same property again (its service's factory reads it) fails
/// with ``InjectionError/cycle`` instead of waiting on itself.
///
/// `@unchecked Sendable`: the only mutable state is the resolved service, written once under the box's
/// lock; the service itself is shared across threads the same way an injector's singleton is.
@propertyWrapper
public struct LazyInjected<Service>: @unchecked Sendable {
    private let box: Box

    /// Remembers where to resolve `Service` from; nothing is resolved until the first access.
    public init(
        injector: Injector = .default,
        name: String? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        box = Box(injector: injector, name: name, site: CallSite(fileID: fileID, line: line))
    }

    /// The injected service, resolved on first access; stops the program if it cannot be resolved.
    public var wrappedValue: Service {
        switch box.resolve() {
        case .success(let service):
            return service.value
        case .failure(let error):
            // A non-optional property cannot report failure any other way; `$property` can.
            fatalError("@LazyInjected: \(error)")
        }
    }

    /// Resolves (on first use) and returns the service, or the error.
    public var projectedValue: Result<Service, InjectionError> {
        box.resolve().map(\.value)
    }

    /// Resolves under the injectors' creation lock (one order for every lazy path, see
    /// `CreationLock`); the stored service is read under the box's own lock.
    private final class Box: Sendable {
        struct State {
            var service: ServiceBox<Service>?
            /// Whether this thread, which holds the creation lock, is resolving the property now.
            var isResolving = false
        }

        let injector: Injector
        let name: String?
        let site: CallSite
        let state = LockedValue(State())

        init(injector: Injector, name: String?, site: CallSite) {
            self.injector = injector
            self.name = name
            self.site = site
        }

        func resolve() -> Result<ServiceBox<Service>, InjectionError> {
            if let stored = state.withLock({ $0.service }) { return .success(stored) }
            return CreationLock.withLock { () -> Result<ServiceBox<Service>, InjectionError> in
                let (stored, isResolving) = state.withLock { ($0.service, $0.isResolving) }
                if let stored { return .success(stored) }
                if isResolving {
                    let chain = ResolutionTrace.chain(appending: TypeNames.qualified(Service.self))
                    let detail = "the @LazyInjected property was read again while it was being resolved"
                    let cycle = InjectionError(
                        .cycle, Service.self, name: name, injector: injector, chain: chain, detail: detail, site: site)
                    ResolutionTrace.recordCycle(cycle)
                    return .failure(cycle)
                }
                state.withLock { $0.isResolving = true }
                defer { state.withLock { $0.isResolving = false } }
                do throws(InjectionError) {
                    let resolved = ServiceBox(try injector.resolve(Service.self, name: name, site: site))
                    state.withLock { $0.service = resolved }
                    return .success(resolved)
                } catch {
                    return .failure(error)
                }
            }
        }
    }
}
