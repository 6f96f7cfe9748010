/// A property injected from an ``Injector`` when the enclosing value is created, or nil when the
/// service is not registered (or cannot be created).
///
/// ```swift
/// struct Screen {
///     @OptionalInjected var analytics: PAnalytics?
/// }
/// ```
///
/// The projected value tells why the property is nil: `model.$analytics` is the `InjectionError`, if
/// any (it resolves again to find out, so a miss at init stays cheap).
@propertyWrapper
public struct OptionalInjected<Service> {
    private let service: Service?
    private let injector: Injector
    private let name: String?
    private let site: CallSite

    /// Resolves `Service` (under `name`) from `injector`; nil when that fails.
    public init(
        injector: Injector = .default,
        name: String? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        let site = CallSite(fileID: fileID, line: line)
        self.service = injector.resolveOptional(Service.self, name: name, site: site)
        self.injector = injector
        self.name = name
        self.site = site
    }

    /// The injected service, or nil.
    public var wrappedValue: Service? { service }

    /// Why the service is nil, if it is: the error of resolving it again now, with the declaration site.
    public var projectedValue: InjectionError? {
        guard service == nil else { return nil }
        do throws(InjectionError) {
            _ = try injector.resolve(Service.self, name: name, site: site)
            return nil
        } catch {
            return error
        }
    }
}

/// `@OptionalInjected` properties keep a `Sendable` enclosing type `Sendable` when the service is.
extension OptionalInjected: Sendable where Service: Sendable {}
