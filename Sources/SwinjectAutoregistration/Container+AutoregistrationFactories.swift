public import Swinject

// The factories Swinject calls on every resolve of an autoregistered service. They are
// inlinable, and the public `autoregister` functions that build them are too, so each factory
// is compiled where `autoregister` is called, for the concrete service, argument and dependency
// types. Compiled in this module instead, a factory runs as unspecialized generic code and asks
// the runtime for type metadata on every resolve (the argument tuple, the dependency pack),
// work that a service registered by hand never does.
extension Container {
    /// The factory of an autoregistration without runtime arguments.
    @inlinable
    static func factory<Service, each D>(
        _ service: Service.Type,
        name: String?,
        initializer: @escaping (repeat each D) -> Service
    ) -> (any Resolver) -> Any {
        { resolver in
            do throws(DependencyMiss) {
                return initializer(repeat try resolver.dependency((each D).self))
            } catch {
                return reportMiss(
                    error, service: Service.self, name: name,
                    parameters: parameterInfos(repeat (each D).self, arguments: []))
            }
        }
    }

    /// The factory of a one-argument autoregistration.
    @inlinable
    static func factory<Service, A, each D>(
        _ service: Service.Type,
        name: String?,
        argument: A.Type,
        initializer: @escaping (repeat each D) -> Service
    ) -> ((any Resolver, A)) -> Any {
        { arguments in
            do throws(DependencyMiss) {
                return initializer(repeat try arguments.0.dependency((each D).self, or: arguments.1))
            } catch {
                return reportMiss(
                    error, service: Service.self, name: name,
                    parameters: parameterInfos(repeat (each D).self, arguments: [A.self]))
            }
        }
    }

    /// The factory of a two-argument autoregistration.
    @inlinable
    static func factory<Service, A, B, each D>(
        _ service: Service.Type,
        name: String?,
        arguments first: A.Type,
        _ second: B.Type,
        initializer: @escaping (repeat each D) -> Service
    ) -> ((any Resolver, A, B)) -> Any {
        { arguments in
            do throws(DependencyMiss) {
                return initializer(repeat try arguments.0.dependency((each D).self, or: arguments.1, arguments.2))
            } catch {
                return reportMiss(
                    error, service: Service.self, name: name,
                    parameters: parameterInfos(repeat (each D).self, arguments: [A.self, B.self]))
            }
        }
    }

    /// The factory of a three-argument autoregistration.
    @inlinable
    static func factory<Service, A, B, C, each D>(
        _ service: Service.Type,
        name: String?,
        arguments first: A.Type,
        _ second: B.Type,
        _ third: C.Type,
        initializer: @escaping (repeat each D) -> Service
    ) -> ((any Resolver, A, B, C)) -> Any {
        { arguments in
            do throws(DependencyMiss) {
                return initializer(
                    repeat try arguments.0.dependency((each D).self, or: arguments.1, arguments.2, arguments.3))
            } catch {
                return reportMiss(
                    error, service: Service.self, name: name,
                    parameters: parameterInfos(repeat (each D).self, arguments: [A.self, B.self, C.self]))
            }
        }
    }

    /// The factory of an autoregistration without runtime arguments whose initializer throws.
    @inlinable
    static func factory<Service, each D>(
        _ service: Service.Type,
        name: String?,
        throwingInitializer initializer: @escaping (repeat each D) throws -> Service
    ) -> (any Resolver) -> Any {
        { resolver in
            do {
                return try initializer(repeat try resolver.dependency((each D).self))
            } catch {
                return reportFailure(
                    error, service: Service.self, name: name,
                    parameters: parameterInfos(repeat (each D).self, arguments: []))
            }
        }
    }

    /// The factory of a one-argument autoregistration whose initializer throws.
    @inlinable
    static func factory<Service, A, each D>(
        _ service: Service.Type,
        name: String?,
        argument: A.Type,
        throwingInitializer initializer: @escaping (repeat each D) throws -> Service
    ) -> ((any Resolver, A)) -> Any {
        { arguments in
            do {
                return try initializer(repeat try arguments.0.dependency((each D).self, or: arguments.1))
            } catch {
                return reportFailure(
                    error, service: Service.self, name: name,
                    parameters: parameterInfos(repeat (each D).self, arguments: [A.self]))
            }
        }
    }

    /// The factory of a two-argument autoregistration whose initializer throws.
    @inlinable
    static func factory<Service, A, B, each D>(
        _ service: Service.Type,
        name: String?,
        arguments first: A.Type,
        _ second: B.Type,
        throwingInitializer initializer: @escaping (repeat each D) throws -> Service
    ) -> ((any Resolver, A, B)) -> Any {
        { arguments in
            do {
                return try initializer(repeat try arguments.0.dependency((each D).self, or: arguments.1, arguments.2))
            } catch {
                return reportFailure(
                    error, service: Service.self, name: name,
                    parameters: parameterInfos(repeat (each D).self, arguments: [A.self, B.self]))
            }
        }
    }

    /// The factory of a three-argument autoregistration whose initializer throws.
    @inlinable
    static func factory<Service, A, B, C, each D>(
        _ service: Service.Type,
        name: String?,
        arguments first: A.Type,
        _ second: B.Type,
        _ third: C.Type,
        throwingInitializer initializer: @escaping (repeat each D) throws -> Service
    ) -> ((any Resolver, A, B, C)) -> Any {
        { arguments in
            do {
                return try initializer(
                    repeat try arguments.0.dependency((each D).self, or: arguments.1, arguments.2, arguments.3))
            } catch {
                return reportFailure(
                    error, service: Service.self, name: name,
                    parameters: parameterInfos(repeat (each D).self, arguments: [A.self, B.self, C.self]))
            }
        }
    }
}
