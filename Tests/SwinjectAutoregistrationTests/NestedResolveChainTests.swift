import Dispatch
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

    /// Three factories, each asking the next with `resolveOrThrow`, below the service asked for:
    /// one message, one chain, from `Archive` down to the factory that threw.
    @Test func threeNestedResolveOrThrowLevelsGiveOneChain() throws {
        let container = Self.threeNestedLevels()
        let error = try #require(throws: ResolutionError.self) { try container.resolveOrThrow(Archive.self) }
        #expect(error.code == .initializerThrew)
        #expect(error.underlyingError is Boom)
        #expect(error.chain == ["Archive", "InvoiceRenderer", "OrderService", "PaymentGateway"])
        #expect(error.description.hasPrefix("Cannot resolve Archive: the factory of PaymentGateway threw Boom()."))
        let chainLines = error.description.split(separator: "\n").filter { $0.contains("chain:") }
        #expect(chainLines == ["  chain: Archive → InvoiceRenderer → OrderService → PaymentGateway"])
    }

    /// The chain is built on the resolving thread: two threads, each resolving its own plain
    /// container, get their own chains however their failures interleave.
    @Test func chainsStayApartWhileAnotherThreadResolves() {
        let wrong = Mismatches()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            let container = Self.threeNestedLevels()
            for _ in 0..<200 {
                do {
                    if thread == 0 {
                        _ = try container.resolveOrThrow(Archive.self)
                    } else {
                        _ = try container.resolveOrThrow(OrderService.self)
                    }
                } catch let error as ResolutionError {
                    let expected =
                        thread == 0
                        ? ["Archive", "InvoiceRenderer", "OrderService", "PaymentGateway"]
                        : ["OrderService", "PaymentGateway"]
                    let chainLines = error.description.split(separator: "\n").filter { $0.contains("chain:") }
                    if error.chain != expected || chainLines.count != 1 {
                        wrong.add(error.description)
                    }
                } catch {
                    wrong.add("\(error)")
                }
            }
        }
        let found = wrong.all
        #expect(found.isEmpty, "\(found.first ?? "")")
    }

    /// `Archive → InvoiceRenderer → OrderService`, each a closure that asks the next with
    /// `resolveOrThrow`, and a `PaymentGateway` whose factory throws.
    private static func threeNestedLevels() -> Container {
        let container = Container()
        container.register(PaymentGateway.self) { _ in try PaymentGateway() }
        container.register(OrderService.self) { r in try OrderService(payments: r.resolveOrThrow(PaymentGateway.self)) }
        container.register(InvoiceRenderer.self) { r in try InvoiceRenderer(orders: r.resolveOrThrow(OrderService.self))
        }
        container.register(Archive.self) { r in try Archive(renderer: r.resolveOrThrow(InvoiceRenderer.self)) }
        return container
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

/// Messages collected from several threads, behind a serial queue.
private final class Mismatches: @unchecked Sendable {
    private let queue = DispatchQueue(label: "NestedResolveChainTests.mismatches")
    private var list: [String] = []

    func add(_ message: String) { queue.sync { list.append(message) } }

    var all: [String] { queue.sync { list } }
}
