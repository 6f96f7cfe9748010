import Swinject
import SwinjectAutoregistration
import SwinjectPropertyLoader
import Testing

/// Factories that resolve with `~>`, which cannot throw, under the start-up checks: the property
/// check and `verify(.resolvingEach)` report what fails below them and return.
@Suite struct OperatorDryRunTests {
    final class PaymentGateway {
        let retries: Int
        init(retries: Int) { self.retries = retries }
    }

    final class OrderService {
        let payments: PaymentGateway
        init(payments: PaymentGateway) { self.payments = payments }
    }

    final class InvoiceRenderer {
        let orders: OrderService
        init(orders: OrderService) { self.orders = orders }
    }

    final class Ledger {
        let currency: String
        init(currency: String) { self.currency = currency }
    }

    final class Statement {
        let orders: OrderService
        let ledger: Ledger
        init(orders: OrderService, ledger: Ledger) {
            self.orders = orders
            self.ledger = ledger
        }
    }

    final class Archive {
        let renderer: InvoiceRenderer
        init(renderer: InvoiceRenderer) { self.renderer = renderer }
    }

    /// `ORDERS_PAYMENTS_RETRIES=abc` read as `Int` by a throwing factory two levels below a
    /// factory that uses `~>`.
    private func container(retries: String = "abc") throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(
            EnvironmentPropertyLoader(prefix: "ORDERS_", variables: ["ORDERS_PAYMENTS_RETRIES": retries]))
        container.register(PaymentGateway.self) { r in
            try PaymentGateway(retries: r.requiredProperty("payments.retries"))
        }
        container.autoregister(OrderService.self, initializer: OrderService.init)
        container.register(InvoiceRenderer.self) { r in InvoiceRenderer(orders: r ~> OrderService.self) }
        return container
    }

    @Test func theCheckListsAPropertyBelowAnOperatorAndReturns() throws {
        let container = try container()
        let error = try #require(throws: PropertyCheckError.self) { try container.checkProperties() }
        #expect(error.failures.map(\.key) == ["payments.retries"])
        #expect(error.failures.map(\.code) == [.typeMismatch])
    }

    /// Variant: two bad reads in different factories below one `~>` factory are both listed.
    @Test func theCheckListsEveryPropertyBelowAnOperator() throws {
        let container = try container()
        try container.applyPropertyLoader(
            EnvironmentPropertyLoader(prefix: "LEDGER_", variables: ["LEDGER_CURRENCY": "EUR"]))
        container.register(Ledger.self) { r in try Ledger(currency: r.requiredProperty("ledger.currency.code")) }
        container.register(Statement.self) { r in Statement(orders: r ~> OrderService.self, ledger: r ~> Ledger.self) }
        let error = try #require(throws: PropertyCheckError.self) { try container.checkProperties() }
        #expect(Set(error.failures.map(\.key)) == ["payments.retries", "ledger.currency.code"])
    }

    @Test func aCleanConfigurationPassesAndResolves() throws {
        let container = try container(retries: "3")
        try container.checkProperties()
        let renderer: InvoiceRenderer = container ~> InvoiceRenderer.self
        #expect(renderer.orders.payments.retries == 3)
    }

    @Test func verifyReportsAPropertyBelowAnOperatorAndReturns() throws {
        let container = try container()
        let error = try #require(throws: VerificationError.self) { try container.verify(.resolvingEach) }
        #expect(error.description.contains("payments.retries"))
        #expect(!error.description.contains("no autoregistration"))
    }

    /// Variant: a closure's missing dependency is explained with the container's registrations,
    /// not as if the container had no autoregistrations.
    @Test func verifyExplainsAClosuresMissingDependencyWithTheRegistrations() throws {
        let container = try container(retries: "3")
        container.register(Statement.self) { r in
            try Statement(orders: r.resolveOrThrow(OrderService.self), ledger: r.resolveOrThrow(Ledger.self))
        }
        let error = try #require(throws: VerificationError.self) { try container.verify(.resolvingEach) }
        let issue = try #require(error.issues.first)
        #expect(issue.chain == ["Statement", "Ledger"])
        #expect(!error.description.contains("no autoregistration"))
    }

    /// A `~>` whose service is not registered: the property check prints what it found before
    /// the trap, and the trap names the chain and the factory.
    @Test func anUnavoidableTrapPrintsTheReportFirst() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            try container.applyPropertyLoader(
                EnvironmentPropertyLoader(prefix: "ORDERS_", variables: ["ORDERS_PAYMENTS_RETRIES": "abc"]))
            container.register(PaymentGateway.self) { r in
                try PaymentGateway(retries: r.requiredProperty("payments.retries"))
            }
            container.register(Statement.self) { r in
                Statement(orders: r ~> OrderService.self, ledger: r ~> Ledger.self)
            }
            try container.checkProperties()
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(output.contains("payments.retries"))
        #expect(output.contains("OrderService"))
    }

    struct ClockUnavailable: Error {}

    final class Clock {
        init() throws { throw ClockUnavailable() }
    }

    /// Autoregistered on a closure registration, so verification resolves it after that closure.
    final class Receipt {
        let statement: Statement
        init(statement: Statement) { self.statement = statement }
    }

    /// `verify(.resolvingEach)` resolves closure registrations last, so a `~>` that cannot be
    /// served stops the process only after every registration whose graph is known was checked;
    /// the printed report lists what it found and what it has not resolved yet.
    @Test func verifyChecksKnownGraphsBeforeAnUnservableOperator() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register(Statement.self) { r in
                Statement(orders: r ~> OrderService.self, ledger: r ~> Ledger.self)
            }
            container.autoregister(Receipt.self, initializer: Receipt.init(statement:))
            container.autoregister(Clock.self, initializer: Clock.init)
            _ = try container.verify(.resolvingEach)
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(output.contains("Stopped during a start-up check"))
        #expect(output.contains("ClockUnavailable"))
        #expect(output.contains("not resolved yet: Receipt"))
        #expect(output.contains("Cannot resolve OrderService: it is not registered"))
        #expect(!output.contains("no autoregistration"))
    }

    /// Variant: the property check's report names the registrations it has not resolved yet.
    @Test func thePropertyCheckNamesWhatItHasNotResolvedYet() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            // The dry run goes by type name: Ledger, OrderService, Statement.
            container.register(Ledger.self) { r in try Ledger(currency: r.requiredProperty("ledger.currency")) }
            container.register(OrderService.self) { r in OrderService(payments: r ~> PaymentGateway.self) }
            container.register(Statement.self) { r in
                Statement(orders: r ~> OrderService.self, ledger: r ~> Ledger.self)
            }
            try container.checkProperties()
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(output.contains("ledger.currency"))
        #expect(output.contains("not resolved yet: Statement"))
        #expect(output.contains("Cannot resolve PaymentGateway: it is not registered"))
    }

    /// Variant: the closure that uses `~>` is a dependency of an autoregistered service.
    @Test func aPlainResolveNamesTheAutoregisteredServicesAround() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register(InvoiceRenderer.self) { r in InvoiceRenderer(orders: r ~> OrderService.self) }
            container.autoregister(Archive.self, initializer: Archive.init)
            _ = container.resolve(Archive.self)
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(output.contains("requested inside: Archive → … → OrderService"))
    }

    @Test func aPlainResolveNamesTheChainAndTheFactory() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Self.resolveARendererWithoutOrders()
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(output.contains("Cannot resolve OrderService: it is not registered"))
        #if os(Linux)
            #expect(
                output.contains(
                    "requested with ~> by the factory at ReliabilityTests/OperatorDryRunTests.swift:\(Self.rendererLine)"
                ))
        #endif
    }

    /// The line of the factory below.
    static let rendererLine = #line + 5

    /// Outside the exit test's macro, so that the factory is in this file.
    static func resolveARendererWithoutOrders() {
        let container = Container()
        container.register(InvoiceRenderer.self) { r in InvoiceRenderer(orders: r ~> OrderService.self) }
        _ = container.resolve(InvoiceRenderer.self)
    }
}
