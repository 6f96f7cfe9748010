/// A property injected from an ``Injector`` when the enclosing value is created, or nil when the
/// service is not registered (or cannot be created).
///
/// ```swift
/// struct Screen {
///     @OptionalInjected var analytics: PAnalytics?
/// }
/// ```
///
/// The projected value keeps the reason for a nil: `model.$analytics` is the `InjectionError`, if any.
@propertyWrapper
public struct OptionalInjected<Service> {
    private let service: Service?
    private let error: InjectionError?

    /// Resolves `Service` (under `name`) from `injector`; nil when that fails.
    public init(
        injector: Injector = .default,
        name: String? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        do throws(InjectionError) {
            service = try injector.resolve(Service.self, name: name, site: CallSite(fileID: fileID, line: line))
            error = nil
        } catch {
            service = nil
            self.error = error
        }
    }

    /// The injected service, or nil.
    public var wrappedValue: Service? { service }

    /// Why the service is nil, if it is.
    public var projectedValue: InjectionError? { error }
}
