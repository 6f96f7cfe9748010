import SwinjectInjection
import Testing

// The Discoverer README example, in Swift 6: `static let` injectors instead of `static var`.

struct Environment {
    static let services = Injector(label: "services")
    static let repositories = Injector(label: "repositories")
}

protocol PServiceA {
    func foo()
}

class ServiceA: PServiceA {
    func foo() {
        print("Service A")
    }
}

protocol PRepositoryB {
    func foo() -> String
}

class RepositoryB: PRepositoryB {
    func foo() -> String {
        return "foo"
    }
}

struct Configurator {
    static func configure(repositories: Injector, services: Injector) throws {
        _ = try? repositories.register(as: (any PRepositoryB).self, injectable: .singleton(RepositoryB()))
        _ = try? services.register(as: (any PServiceA).self, injectable: .factory({ ServiceA() }))
    }
}

struct FooViewModel {
    @Injected(injector: Environment.services) var serviceA: any PServiceA
    @Injected(injector: Environment.repositories) var repositoryB: any PRepositoryB
}

// The second configurator of the README, registering through `@Registered`.

enum WrapperEnvironment {
    static let services = Injector(label: "wrapper services")
    static let repositories = Injector(label: "wrapper repositories")
}

/// The line of `@Registered(inInjector: WrapperEnvironment.services)` below.
let serviceARegistrationLine = #line + 6

struct RegisteringConfigurator {
    @Registered(inInjector: WrapperEnvironment.repositories)
    var repositoryBInjection = Injection<any PRepositoryB>.factory({ RepositoryB() })

    @Registered(inInjector: WrapperEnvironment.services)
    var serviceAInjection = Injection<any PServiceA>.singleton(ServiceA())
}

struct WrapperFooViewModel {
    @Injected(injector: WrapperEnvironment.services) var serviceA: any PServiceA
    @Injected(injector: WrapperEnvironment.repositories) var repositoryB: any PRepositoryB
}

@Suite(.serialized) struct DiscovererExampleTests {
    @Test func staticConfigurator() throws {
        try Configurator.configure(repositories: Environment.repositories, services: Environment.services)
        let viewModel = FooViewModel()
        viewModel.serviceA.foo()
        #expect(viewModel.repositoryB.foo() == "foo")
        #expect(viewModel.repositoryB as? RepositoryB === FooViewModel().repositoryB as? RepositoryB)
        #expect(viewModel.serviceA as? ServiceA !== FooViewModel().serviceA as? ServiceA)
    }

    @Test func registeringConfigurator() throws {
        let configurator = RegisteringConfigurator()
        #expect(configurator.$serviceAInjection == nil)
        let viewModel = WrapperFooViewModel()
        #expect(viewModel.repositoryB.foo() == "foo")
        #expect(viewModel.serviceA as? ServiceA === WrapperFooViewModel().serviceA as? ServiceA)

        // A second configurator reports the duplicate with its declaration site instead of crashing.
        let again = RegisteringConfigurator()
        let duplicate = try #require(again.$serviceAInjection)
        #expect(duplicate == .alreadyRegistered)
        #expect(duplicate.fileID == #fileID)
        #expect(duplicate.line == serviceARegistrationLine)
        #expect(duplicate.description.contains("DiscovererExampleTests.swift:\(serviceARegistrationLine)"))
    }
}
