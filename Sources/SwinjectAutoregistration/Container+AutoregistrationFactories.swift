public import Swinject

// The factory closures that the `autoregister` entry points (`Container+Autoregistration.swift`)
// build and hand to Swinject, which calls one on every resolve of an autoregistered service.
// They are inlinable, and the entry points that build them are too, so each factory is compiled
// where `autoregister` is called, for the concrete service, argument and dependency types.
// Compiled in this module instead, a factory runs as unspecialized generic code and asks the
// runtime for type metadata on every resolve (the argument tuple, the dependency pack), work that
// a service registered by hand never does.
//
// One factory per runtime-argument count serves initializers that throw and those that do not:
// `Failure` is the initializer's error type, `Never` for one that does not throw, whose factory
// then has no error path of its own. A missing dependency is thrown as the typed
// `DependencyMiss`, which needs no allocation, and is caught apart from the initializer's errors.
extension Container {
    /// Registers `service` with the factory for an initializer whose parameters are all resolved;
    /// `parameters` describes them.
    @inlinable
    func buildAndRegister<Service, Failure: Error, each D>(
        _ service: Service.Type,
        name: String?,
        parameters: [DependencyInfo],
        initializer: @escaping (repeat each D) throws(Failure) -> Service
    ) -> ServiceEntry<Service> {
        let info = AutoregistrationInfo(service: service, name: name, parameters: parameters)
        return registerAutoregistration(service, info: info) { (resolver: any Resolver) -> Any in
            info.guarded {
                do throws(DependencyMiss) {
                    return Self.construct(initializer, repeat try resolver.dependency((each D).self)) { thrown in
                        reportThrown(thrown, info: info)
                    }
                } catch {
                    return reportMiss(error, info: info)
                }
            }
        }
    }

    /// Registers `service` with the factory for an initializer that takes one runtime argument.
    @inlinable
    func buildAndRegister<Service, A, Failure: Error, each D>(
        _ service: Service.Type,
        name: String?,
        argument: A.Type,
        initializer: @escaping (repeat each D) throws(Failure) -> Service
    ) -> ServiceEntry<Service> {
        registerCheckingArguments(service, name: name, argument: argument, initializer: initializer) {
            (arguments: (any Resolver, A)) -> Any in
            do throws(DependencyMiss) {
                return Self.construct(initializer, repeat try arguments.0.dependency((each D).self, or: arguments.1)) {
                    thrown in
                    reportThrown(
                        thrown, service: Service.self, name: name,
                        parameters: parameterInfos(repeat (each D).self, arguments: [A.self]))
                }
            } catch {
                return reportMiss(
                    error, service: Service.self, name: name,
                    parameters: parameterInfos(repeat (each D).self, arguments: [A.self]))
            }
        }
    }

    /// Registers `service` with the factory for an initializer that takes two runtime arguments.
    @inlinable
    func buildAndRegister<Service, A, B, Failure: Error, each D>(
        _ service: Service.Type,
        name: String?,
        arguments first: A.Type,
        _ second: B.Type,
        initializer: @escaping (repeat each D) throws(Failure) -> Service
    ) -> ServiceEntry<Service> {
        registerCheckingArguments(service, name: name, arguments: first, second, initializer: initializer) {
            (arguments: (any Resolver, A, B)) -> Any in
            do throws(DependencyMiss) {
                return Self.construct(
                    initializer, repeat try arguments.0.dependency((each D).self, or: arguments.1, arguments.2)
                ) { thrown in
                    reportThrown(
                        thrown, service: Service.self, name: name,
                        parameters: parameterInfos(repeat (each D).self, arguments: [A.self, B.self]))
                }
            } catch {
                return reportMiss(
                    error, service: Service.self, name: name,
                    parameters: parameterInfos(repeat (each D).self, arguments: [A.self, B.self]))
            }
        }
    }

    /// Registers `service` with the factory for an initializer that takes three runtime arguments.
    @inlinable
    func buildAndRegister<Service, A, B, C, Failure: Error, each D>(
        _ service: Service.Type,
        name: String?,
        arguments first: A.Type,
        _ second: B.Type,
        _ third: C.Type,
        initializer: @escaping (repeat each D) throws(Failure) -> Service
    ) -> ServiceEntry<Service> {
        registerCheckingArguments(service, name: name, arguments: first, second, third, initializer: initializer) {
            (arguments: (any Resolver, A, B, C)) -> Any in
            do throws(DependencyMiss) {
                return Self.construct(
                    initializer,
                    repeat try arguments.0.dependency((each D).self, or: arguments.1, arguments.2, arguments.3)
                ) { thrown in
                    reportThrown(
                        thrown, service: Service.self, name: name,
                        parameters: parameterInfos(repeat (each D).self, arguments: [A.self, B.self, C.self]))
                }
            } catch {
                return reportMiss(
                    error, service: Service.self, name: name,
                    parameters: parameterInfos(repeat (each D).self, arguments: [A.self, B.self, C.self]))
            }
        }
    }

    /// Calls `initializer` with the resolved `values`; what it throws goes to `failed`. For a
    /// non-throwing initializer (`Failure` is `Never`) the `catch` is unreachable and compiled away.
    @inlinable
    static func construct<Service, Failure: Error, each D>(
        _ initializer: (repeat each D) throws(Failure) -> Service,
        _ values: repeat each D,
        failed: (Failure) -> Any
    ) -> Any {
        do throws(Failure) {
            return try initializer(repeat each values)
        } catch {
            return failed(error)
        }
    }
}
