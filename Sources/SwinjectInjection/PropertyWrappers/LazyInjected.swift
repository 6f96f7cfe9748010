import Synchronization

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
/// `@unchecked Sendable`: the only mutable state is the resolved service, written once under the box's
/// `Mutex`; the service itself is shared across threads the same way an injector's singleton is.
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

    private final class Box: Sendable {
        let injector: Injector
        let name: String?
        let site: CallSite
        let service = Mutex<ServiceBox<Service>?>(nil)

        init(injector: Injector, name: String?, site: CallSite) {
            self.injector = injector
            self.name = name
            self.site = site
        }

        func resolve() -> Result<ServiceBox<Service>, InjectionError> {
            service.withLock { stored in
                if let stored { return .success(stored) }
                do throws(InjectionError) {
                    let resolved = ServiceBox(try injector.resolve(Service.self, name: name, site: site))
                    stored = resolved
                    return .success(resolved)
                } catch {
                    return .failure(error)
                }
            }
        }
    }
}
