import Swinject
import SwinjectAutoregistration
import Testing

struct ConnectionRefused: Error, Equatable {
    let port: Int
}

final class Database {
    let configuration: URLSessionConfiguration
    init(configuration: URLSessionConfiguration) throws {
        throw ConnectionRefused(port: 5432)
    }
}

final class Repository {
    let database: Database
    init(database: Database) { self.database = database }
}

final class Greeter {
    let greeting: String
    init(greeting: String, leaf: Leaf) throws {
        guard !greeting.isEmpty else { throw ConnectionRefused(port: 0) }
        self.greeting = greeting
    }
}

@Suite("Throwing initializers")
struct ThrowingInitializerTests {
    private func container() -> Container {
        let container = Container()
        container.register(URLSessionConfiguration.self) { _ in URLSessionConfiguration() }
        container.autoregister(Database.self, initializer: Database.init)
        container.autoregister(Repository.self, initializer: Repository.init)
        return container
    }

    @Test func resolveGivesNil() {
        #expect(container().resolve(Repository.self) == nil)
    }

    @Test func resolveOrThrowCarriesTheErrorInsideTheChain() throws {
        let error = #expect(throws: ResolutionError.initializerThrew) {
            try container().resolveOrThrow(Repository.self)
        }
        let failure = try #require(error)
        #expect(failure.chain == ["Repository", "Database"])
        #expect(failure.underlyingError as? ConnectionRefused == ConnectionRefused(port: 5432))
        #expect(failure.description.contains("the initializer of Database threw ConnectionRefused(port: 5432)"))
    }

    @Test func variantWithARuntimeArgument() throws {
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        container.autoregister(Greeter.self, argument: String.self, initializer: Greeter.init)
        #expect(try container.resolveOrThrow(Greeter.self, argument: "hi").greeting == "hi")
        #expect(container.resolve(Greeter.self, argument: "") == nil)
        let error = #expect(throws: ResolutionError.initializerThrew) {
            try container.resolveOrThrow(Greeter.self, argument: "")
        }
        #expect(error?.underlyingError as? ConnectionRefused == ConnectionRefused(port: 0))
    }

    @Test func aMissingDependencyOfAThrowingInitializerIsStillAMissingDependency() {
        let container = Container()
        container.autoregister(Database.self, initializer: Database.init)
        #expect(throws: ResolutionError.missingDependency) { try container.resolveOrThrow(Database.self) }
    }
}

final class ThrowingFive {
    init(a: Leaf, b: Cat, c: URLSessionConfiguration, d: Session, e: Tracer) throws {
        throw ConnectionRefused(port: 5)
    }
}

final class ThrowingThree {
    let leaf: Leaf
    init(name: String, leaf: Leaf, cat: Cat) throws {
        guard name != "refuse" else { throw ConnectionRefused(port: 3) }
        self.leaf = leaf
    }
}

@Suite("Throwing initializers of fixed arities")
struct FixedArityThrowingTests {
    @Test func fiveDependenciesThrowInsideTheChain() throws {
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        container.register(Cat.self) { _ in Cat(name: "Mimi") }
        container.register(URLSessionConfiguration.self) { _ in URLSessionConfiguration() }
        container.autoregister(Session.self, initializer: Session.init)
        container.autoregister(Tracer.self, initializer: Tracer.init)
        container.autoregister(ThrowingFive.self, initializer: ThrowingFive.init)
        #expect(container.resolve(ThrowingFive.self) == nil)
        let error = #expect(throws: ResolutionError.initializerThrew) {
            try container.resolveOrThrow(ThrowingFive.self)
        }
        #expect(error?.underlyingError as? ConnectionRefused == ConnectionRefused(port: 5))
    }

    @Test func variantWithOneArgumentAndTwoDependencies() throws {
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        container.register(Cat.self) { _ in Cat(name: "Mimi") }
        container.autoregister(ThrowingThree.self, argument: String.self, initializer: ThrowingThree.init)
        #expect(container.resolve(ThrowingThree.self, argument: "ok") != nil)
        #expect(throws: ResolutionError.initializerThrew) {
            try container.resolveOrThrow(ThrowingThree.self, argument: "refuse")
        }
    }
}

final class ThrowingEndpoint {
    let host: String
    init(host: String, port: Int) throws {
        guard port > 0 else { throw ConnectionRefused(port: port) }
        self.host = host
    }
}

final class ThrowingSecureEndpoint {
    let host: String
    init(host: String, port: Int, secure: Bool) throws {
        guard secure else { throw ConnectionRefused(port: port) }
        self.host = host
    }
}

// Initializers too short for the generated overloads go through the parameter-pack factories,
// which catch a missing dependency apart from what the initializer throws.
@Suite("Throwing initializers through the parameter packs")
struct PackThrowingInitializerTests {
    @Test func aMissingDependencyNextToARuntimeArgumentIsAMissingDependency() throws {
        let container = Container()
        container.autoregister(Greeter.self, argument: String.self, initializer: Greeter.init)
        #expect(container.resolve(Greeter.self, argument: "hi") == nil)
        let error = #expect(throws: ResolutionError.missingDependency) {
            try container.resolveOrThrow(Greeter.self, argument: "hi")
        }
        #expect(error?.chain == ["Greeter", "Leaf"])
        #expect(error?.underlyingError == nil)
    }

    @Test func twoRuntimeArguments() throws {
        let container = Container()
        container.autoregister(
            ThrowingEndpoint.self, arguments: String.self, Int.self, initializer: ThrowingEndpoint.init)
        #expect(try container.resolveOrThrow(ThrowingEndpoint.self, arguments: "db", 5432).host == "db")
        let error = #expect(throws: ResolutionError.initializerThrew) {
            try container.resolveOrThrow(ThrowingEndpoint.self, arguments: "db", -1)
        }
        #expect(error?.underlyingError as? ConnectionRefused == ConnectionRefused(port: -1))
    }

    @Test func threeRuntimeArguments() throws {
        let container = Container()
        container.autoregister(
            ThrowingSecureEndpoint.self, arguments: String.self, Int.self, Bool.self,
            initializer: ThrowingSecureEndpoint.init)
        #expect(try container.resolveOrThrow(ThrowingSecureEndpoint.self, arguments: "db", 1, true).host == "db")
        #expect(container.resolve(ThrowingSecureEndpoint.self, arguments: "db", 7, false) == nil)
        let error = #expect(throws: ResolutionError.initializerThrew) {
            try container.resolveOrThrow(ThrowingSecureEndpoint.self, arguments: "db", 7, false)
        }
        #expect(error?.underlyingError as? ConnectionRefused == ConnectionRefused(port: 7))
    }
}
