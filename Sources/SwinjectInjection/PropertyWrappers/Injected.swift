/// A property injected from an ``Injector`` when the enclosing value is created.
///
/// ```swift
/// struct FooViewModel {
///     @Injected var foo: PFoo
///     @Injected(injector: Environment.services, name: "remote") var service: PService
/// }
/// ```
///
/// The service is resolved once, in the wrapper's initializer (so reading the property costs nothing
/// more than reading a stored value). When resolution fails, the failure is kept: reading the property
/// then stops the program with a message naming the type, the injector and the property's declaration
/// site (`#fileID:#line`), because a non-optional property has no other way to fail. Code that must
/// not trap reads the projected value, a `Result`:
///
/// ```swift
/// let foo = try model.$foo.get()
/// ```
@propertyWrapper
public struct Injected<Service> {
    private let resolution: Result<Service, InjectionError>

    /// Resolves `Service` (under `name`) from `injector`, remembering the declaration site for errors.
    public init(
        injector: Injector = .default,
        name: String? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        resolution = Result { () throws(InjectionError) -> Service in
            try injector.resolve(Service.self, name: name, site: CallSite(fileID: fileID, line: line))
        }
    }

    /// The injected service; stops the program with the resolution error if there is none.
    public var wrappedValue: Service {
        switch resolution {
        case .success(let service):
            return service
        case .failure(let error):
            // A non-optional property cannot report failure any other way; `$property` can. `fatalError`
            // (not `preconditionFailure`) so the message with the declaration site survives `-O` builds.
            fatalError("@Injected: \(error)")
        }
    }

    /// The outcome of the resolution: the service, or the error with the declaration site.
    public var projectedValue: Result<Service, InjectionError> { resolution }
}

/// `@Injected` properties keep a `Sendable` enclosing type `Sendable` when the service is.
extension Injected: Sendable where Service: Sendable {}
