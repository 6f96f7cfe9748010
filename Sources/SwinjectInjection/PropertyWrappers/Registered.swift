import Foundation

/// Registers an ``Injection`` when the enclosing value is created (the Discoverer model).
///
/// ```swift
/// struct Configurator {
///     @Registered(inInjector: Environment.services)
///     var serviceAInjection = Injection<PServiceA>.singleton(ServiceA())
/// }
/// _ = Configurator()
/// ```
///
/// The registration outlives the enclosing value: it stays in the injector until
/// ``Injector/unregister(type:name:)``. A value type cannot observe its own end, and services resolved
/// earlier would otherwise change under their users.
///
/// A duplicate registration does not crash: the error, with the declaration site, is written to
/// standard error and kept in the projected value (`configurator.$serviceAInjection`).
@propertyWrapper
public struct Registered<Service> {
    /// The injection that was registered.
    public let wrappedValue: Injection<Service>

    /// Why the registration failed, if it did (for example ``InjectionError/alreadyRegistered``).
    public let projectedValue: InjectionError?

    /// Registers `wrappedValue` for `Service` (under `name`) in `injector`.
    public init(
        wrappedValue: Injection<Service>,
        inInjector injector: Injector = .default,
        name: String? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        self.wrappedValue = wrappedValue
        do throws(InjectionError) {
            try injector.register(as: Service.self, name: name, injection: wrappedValue, fileID: fileID, line: line)
            projectedValue = nil
        } catch {
            projectedValue = error
            FileHandle.standardError.write(Data("@Registered: \(error)\n".utf8))
        }
    }
}

/// `@Registered` properties keep a `Sendable` enclosing type `Sendable` when the service is.
extension Registered: Sendable where Service: Sendable {}
