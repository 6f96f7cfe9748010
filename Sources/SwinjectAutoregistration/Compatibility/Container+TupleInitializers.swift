public import Swinject

// The upstream spelling of `autoregister` for an initializer that takes its parameters as one
// tuple: `initializer: @escaping ((A, B)) -> Service`. Upstream declares every overload that way,
// so a generic wrapper that forwards an initializer to it holds a closure whose one parameter is a
// tuple, and passes that closure on. Through the other overloads such a closure would be an
// initializer of one parameter, the tuple, resolved as one dependency that nothing registers.
//
// Each overload resolves the tuple's elements one by one, runtime arguments matched to them by
// type, the same as the overload for an initializer of that many parameters: same manifest entry,
// same failures. The overloads for tuples of 2 to 20 elements are generated
// (`Container+TupleInitializers2To20.swift`); the empty tuple is here.
//
// Swift ranks them below the other overloads for everything but a tuple-taking closure: passing
// `Type.init` or a closure of several parameters needs a conversion to reach a tuple parameter,
// and the overloads that take the parameters separately need none, so existing calls resolve as
// before. A closure whose one parameter is a tuple matches the tuple overload and the
// one-element parameter pack alike, and Swift prefers the tuple overload as the more specific.
extension Container {
    /// Registers `service`, built by an `initializer` that takes the empty tuple: the upstream
    /// spelling of an initializer without parameters.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - initializer: The initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @discardableResult
    public func autoregister<Service>(
        _ service: Service.Type,
        name: String? = nil,
        initializer: @escaping (()) -> Service
    ) -> ServiceEntry<Service> {
        let info = AutoregistrationInfo(service: service, name: name, parameters: [])
        return registerAutoregistration(service, info: info) { (_: any Resolver) -> Any in
            info.guarded { initializer(()) }
        }
    }
}
