import Swinject
import SwinjectAutoregistration
import SwinjectInjection
import Testing

private final class ExplainedDriver {}
private final class ExplainedPool {
    init(driver: ExplainedDriver) {}
}
private final class ExplainedRepository {
    init(pool: ExplainedPool) {}
}
private final class ExplainedOrders {
    init(repository: ExplainedRepository) {}
}
private struct PoolRefused: Error {}
private final class ExplainedRefusingPool {
    init(driver: ExplainedDriver) throws { throw PoolRefused() }
}
private final class ExplainedReports {
    init(pool: ExplainedRefusingPool) {}
}

/// `injector.get` of a Swinject registration that produced nil shows the chain that an
/// autoregistered factory inside explained, down to the dependency that did not resolve.
@Suite struct InjectorExplainedChainTests {
    private func shortNames(_ chain: [String]) -> [String] {
        chain.map { String($0.split(separator: ".").last ?? "") }
    }

    @Test func autoregisteredChainEndsAtTheMissingDependency() {
        let injector = Injector(label: "orders")
        injector.container.autoregister(ExplainedPool.self, initializer: ExplainedPool.init)
        injector.container.autoregister(ExplainedRepository.self, initializer: ExplainedRepository.init)
        injector.container.autoregister(ExplainedOrders.self, initializer: ExplainedOrders.init)
        #expect {
            _ = try injector.get(ExplainedOrders.self)
        } throws: { error in
            guard let error = error as? InjectionError else { return false }
            return error.code == .creationFailed
                && shortNames(error.chain) == [
                    "ExplainedOrders", "ExplainedRepository", "ExplainedPool", "ExplainedDriver (did not resolve)",
                ]
                && error.description.contains("ExplainedDriver did not resolve")
        }
    }

    @Test func aThrowingInitializerInsideEndsTheChainWithItsError() {
        let injector = Injector(label: "reports")
        injector.container.register(ExplainedDriver.self) { _ in ExplainedDriver() }
        injector.container.autoregister(ExplainedRefusingPool.self, initializer: ExplainedRefusingPool.init)
        injector.container.autoregister(ExplainedReports.self, initializer: ExplainedReports.init)
        #expect {
            _ = try injector.get(ExplainedReports.self)
        } throws: { error in
            guard let error = error as? InjectionError else { return false }
            return shortNames(error.chain) == [
                "ExplainedReports", "ExplainedRefusingPool (its initializer threw PoolRefused())",
            ]
        }
    }

    @Test func anEarlierPlainResolveFailureIsNotShownForAnotherRequest() {
        let injector = Injector(label: "orders")
        injector.container.autoregister(ExplainedPool.self, initializer: ExplainedPool.init)
        // Swinject gives nil when a factory's value is not of the registered type.
        injector.container._register(ExplainedDriver.self, factory: { (_: any Resolver) -> Any in "not a driver" })
        _ = injector.container.resolve(ExplainedPool.self)
        #expect {
            _ = try injector.get(ExplainedDriver.self)
        } throws: { error in
            guard let error = error as? InjectionError else { return false }
            return shortNames(error.chain) == ["ExplainedDriver (Swinject factory returned nil)"]
        }
    }
}
