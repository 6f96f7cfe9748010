import Swinject
import SwinjectInjection
import Testing

// A Swinject registration that resolves to nil through `injector.get` or `@Injected` names the chain
// the injector can see and says that the Swinject factory returned nil.

final class DatabaseDriver: Sendable {}

final class ConnectionPool: Sendable {
    init(driver: DatabaseDriver) {}
}

final class OrderRepository: Sendable {
    init(pool: ConnectionPool) {}
}

final class OrdersService: Sendable {
    init(repository: OrderRepository) {}
}

@Suite struct InjectorNilRegistrationTests {
    /// Registers `OrdersService` with Swinject's extension API, with a factory that yields nil when
    /// its dependency does not resolve (as autoregistered factories do).
    static func registerOrdersService(on container: Container) {
        container._register(
            OrdersService.self,
            factory: { (resolver: any Resolver) -> Any in
                resolver.resolve(OrderRepository.self).map(OrdersService.init(repository:)) as Any
            }
        )
        .inObjectScope(.transient)
    }

    /// The reported case: `OrdersService → OrderRepository → ConnectionPool → DatabaseDriver (not
    /// registered)`, with the two middle services bound on the injector.
    @Test func chainNamesTheMissingDependency() throws {
        let injector = Injector(label: "orders")
        Self.registerOrdersService(on: injector.container)
        injector.bind(type: OrderRepository.self) { injector in
            (try? injector.get(ConnectionPool.self)).map(OrderRepository.init(pool:))
        }
        injector.bind(type: ConnectionPool.self) { injector in
            (try? injector.get(DatabaseDriver.self)).map(ConnectionPool.init(driver:))
        }
        let error = try #require(capture { _ = try injector.get(OrdersService.self) })
        #expect(error == .creationFailed)
        let names = error.chain.map { $0.split(separator: ".").last.map(String.init) ?? $0 }
        #expect(
            names == ["OrdersService", "OrderRepository", "ConnectionPool", "DatabaseDriver (not registered)"])
        #expect(error.description.contains("the Swinject factory registered for SwinjectInjectionTests.OrdersService"))
        #expect(error.description.contains("returned nil"))

        struct Screen {
            @Injected var orders: OrdersService
            init(injector: Injector) { _orders = Injected(injector: injector) }
        }
        let fromWrapper = try #require(capture { _ = try Screen(injector: injector).$orders.get() })
        #expect(fromWrapper.chain == error.chain)
    }

    /// Variant: the nil comes from inside Swinject only (no injector path in between): the error names
    /// the type, says its factory returned nil and how to find the missing dependency.
    @Test func nilFromSwinjectAloneSaysSo() throws {
        let injector = Injector(label: "plain")
        Self.registerOrdersService(on: injector.container)
        let error = try #require(capture { _ = try injector.get(OrdersService.self) })
        #expect(error == .creationFailed)
        #expect(error.chain == ["SwinjectInjectionTests.OrdersService (Swinject factory returned nil)"])
        #expect(error.description.contains("resolveOrThrow"))
        #expect(error.description.contains("injector 'orders'") == false)
        #expect(error.description.contains("injector 'plain'"))
    }

    /// A miss inside a dependency that was then created anyway is not blamed for a later nil.
    @Test func handledMissIsNotBlamed() throws {
        let injector = Injector(label: "handled")
        Self.registerOrdersService(on: injector.container)
        injector.bind(type: ConnectionPool.self) { injector in
            _ = try? injector.get(ChainLink.self)  // an optional dependency, handled
            return ConnectionPool(driver: DatabaseDriver())
        }
        injector.bind(type: OrderRepository.self) { injector in
            _ = injector.getObject(withType: ConnectionPool.self)
            return nil
        }
        let error = try #require(capture { _ = try injector.get(OrdersService.self) })
        #expect(error.chain.last?.contains("OrderRepository (creation-failed)") == true)
        #expect(error.description.contains("the bound closure returned nil"))
        #expect(!error.description.contains("ChainLink"))
    }
}
