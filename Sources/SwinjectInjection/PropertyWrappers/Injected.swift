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
/// site (`#fileID:#line`), because a non-optional property has no other way to fail. A service built
/// by `verify(.resolvingEach)` whose `@Injected` property fails makes the check fail instead, naming
/// the property's service and site, so the failure shows at start-up and not at the first read.
/// Code that must not trap reads the projected value, a `Result`:
///
/// ```swift
/// let foo = try model.$foo.get()
/// ```
@propertyWrapper
public struct Injected<Service> {
    @usableFromInline let resolution: Result<Service, InjectionError>

    /// Resolves `Service` (under `name`) from `injector`, remembering the declaration site for errors.
    // Inlinable so that the enclosing type's initializer works with the concrete service type: a
    // generic `Result` built in unspecialized code costs a metadata lookup per property.
    @inlinable
    public init(
        injector: Injector = .default,
        name: String? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        do throws(InjectionError) {
            resolution = .success(
                try injector.resolve(Service.self, name: name, site: CallSite(fileID: fileID, line: line)))
        } catch {
            resolution = .failure(error)
            InjectedFailureReport.post(error, service: Service.self, name: name)
        }
    }

    /// The injected service; stops the program with the resolution error if there is none.
    @inlinable
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
    @inlinable
    public var projectedValue: Result<Service, InjectionError> { resolution }
}

/// `@Injected` properties keep a `Sendable` enclosing type `Sendable` when the service is.
extension Injected: Sendable where Service: Sendable {}
