import Swinject
import SwinjectAutoregistration
import Testing

/// A throwing factory that resolves with `resolveOrThrow` and lets its error through: the error
/// of the outer request has one chain, from the service asked for to the one that failed.
@Suite struct NestedResolveChainTests {
    struct Boom: Error {}

    final class PaymentGateway {
        init() throws { throw Boom() }
    }

    final class OrderService {
        let payments: PaymentGateway
        init(payments: PaymentGateway) { self.payments = payments }
    }

    final class InvoiceRenderer {
        let orders: OrderService
        init(orders: OrderService) { self.orders = orders }
    }

    final class Archive {
        let renderer: InvoiceRenderer
        init(renderer: InvoiceRenderer) { self.renderer = renderer }
    }

    @Test func aNestedFailureJoinsTheOuterChain() throws {
        let container = Container()
        container.register(PaymentGateway.self) { _ in try PaymentGateway() }
        container.autoregister(OrderService.self, initializer: OrderService.init)
        container.register(InvoiceRenderer.self) { r in try InvoiceRenderer(orders: r.resolveOrThrow(OrderService.self))
        }
        let error = try #require(throws: ResolutionError.self) { try container.resolveOrThrow(InvoiceRenderer.self) }
        #expect(error.code == .initializerThrew)
        #expect(error.chain == ["InvoiceRenderer", "OrderService", "PaymentGateway"])
        #expect(error.underlyingError is Boom)
        #expect(
            error.description.hasPrefix("Cannot resolve InvoiceRenderer: the factory of PaymentGateway threw Boom()."))
        #expect(error.description.contains("chain: InvoiceRenderer → OrderService → PaymentGateway"))
        #expect(error.description.split(separator: "\n").filter { $0.contains("chain:") }.count == 1)
    }

    /// Variant: two nested levels, and an autoregistered service on top of them.
    @Test func twoNestedLevelsAndAnAutoregistrationJoin() throws {
        let container = Container()
        container.register(PaymentGateway.self) { _ in try PaymentGateway() }
        container.register(OrderService.self) { r in try OrderService(payments: r.resolveOrThrow(PaymentGateway.self)) }
        container.register(InvoiceRenderer.self) { r in try InvoiceRenderer(orders: r.resolveOrThrow(OrderService.self))
        }
        container.autoregister(Archive.self, initializer: Archive.init)
        let error = try #require(throws: ResolutionError.self) { try container.resolveOrThrow(Archive.self) }
        #expect(error.chain == ["Archive", "InvoiceRenderer", "OrderService", "PaymentGateway"])
    }

    /// Variant: the nested request is not registered at all.
    @Test func aNestedUnregisteredServiceIsAMissingDependencyOfTheOuterOne() throws {
        let container = Container()
        container.register(InvoiceRenderer.self) { r in try InvoiceRenderer(orders: r.resolveOrThrow(OrderService.self))
        }
        let error = try #require(throws: ResolutionError.self) { try container.resolveOrThrow(InvoiceRenderer.self) }
        #expect(error.code == .missingDependency)
        #expect(error.chain == ["InvoiceRenderer", "OrderService"])
        #expect(error.description.contains("missing dependency: OrderService"))
    }
}
