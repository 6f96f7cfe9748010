public import Swinject

// `autoregister` for an initializer of one resolved parameter, written out like the generated
// overloads (`Generated/`) so its factory is compiled for the parameter type: through the
// parameter packs, every resolve asks the runtime for `Optional<D>`'s metadata, a hash-table
// look-up that a service registered by hand never makes. Swift prefers it to the packs, which
// settles `PetOwner.init` when the type has both `init(pet:)` and `init(name:pet:)`.
//
// Two parameters stay with the packs: a two-parameter overload could not be ranked both below
// the one-parameter and three-parameter overloads and above the packs, so a type with
// initializers of one and two (or two and three) parameters would no longer compile.
extension Container {
    /// Registers `service`, built by a one-parameter `initializer` whose parameter is resolved
    /// from the container.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - initializer: The initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @inlinable @discardableResult
    public func autoregister<Service, D1>(
        _ service: Service.Type,
        name: String? = nil,
        initializer: @escaping (consuming D1) -> Service
    ) -> ServiceEntry<Service> {
        let info = AutoregistrationInfo(service: service, name: name, parameterTypes: ParameterTypes<D1>.self)
        return registerAutoregistration(service, info: info) { (resolver: any Resolver) -> Any in
            info.guarded {
                do throws(DependencyMiss) {
                    return initializer(try resolver.dependency(D1.self))
                } catch {
                    return reportMiss(error, info: info)
                }
            }
        }
    }
}
