import Foundation
import Swinject
import SwinjectAutoregistration
import SwinjectKitTesting
import Testing

/// Overrides seen by Swinject's own `resolve` on the original container, as code under test
/// calls it, in every object scope, with parallel cases that never see each other's.
@Suite struct PlainResolveOverrideTests {
    protocol TaxRate: Sendable { var rate: Double { get } }
    struct RealTax: TaxRate { let rate = 0.19 }
    struct FakeTax: TaxRate { let rate: Double }

    final class Checkout: @unchecked Sendable {
        let tax: any TaxRate
        init(tax: any TaxRate) { self.tax = tax }
    }

    final class Ledger: @unchecked Sendable {
        let tax: any TaxRate
        init(tax: any TaxRate) { self.tax = tax }
    }

    /// The shared container as the Testing article declares it: registered once, then shared
    /// by parallel tests through Swinject's synchronized view, which is safe to share though it is
    /// not `Sendable` (hence `nonisolated(unsafe)`).
    nonisolated(unsafe) static let shared: any Resolver = {
        let container = Container()
        container.register((any TaxRate).self) { _ in RealTax() }
        container.autoregister(Checkout.self, initializer: Checkout.init)
        container.register(Ledger.self) { r in Ledger(tax: r.resolve((any TaxRate).self) ?? RealTax()) }
            .inObjectScope(.container)
        return container.synchronize()
    }()

    @Test(
        .overriding(shared) { child in
            child.register((any TaxRate).self) { _ in FakeTax(rate: 0.42) }
        })
    func anAutoregisteredDependentResolvedWithPlainResolveGetsTheFake() {
        #expect(Self.shared.resolve(Checkout.self)?.tax.rate == 0.42)
    }

    @Test func aContainerScopedInstanceBuiltInsideAnOverrideNeverOutlivesIt() throws {
        let inside = try withOverrides(
            .container(Self.shared) { $0.register((any TaxRate).self) { _ in FakeTax(rate: 0.5) } }
        ) {
            Self.shared.resolve(Ledger.self)
        }
        #expect(inside?.tax.rate == 0.5)
        let outside = Self.shared.resolve(Ledger.self)
        #expect(outside?.tax.rate == 0.19)
        #expect(outside !== inside)
    }

    /// 100 cases run in parallel; the even ones override the rate with their own number.
    @Test(arguments: 0..<100)
    func parallelCasesNeverSeeEachOthersOverrides(index: Int) throws {
        guard index.isMultiple(of: 2) else {
            #expect(Self.shared.resolve(Checkout.self)?.tax.rate == 0.19)
            #expect(Self.shared.resolve(Ledger.self)?.tax.rate == 0.19)
            return
        }
        let rate = Double(index)
        try withOverrides(.container(Self.shared) { $0.register((any TaxRate).self) { _ in FakeTax(rate: rate) } }) {
            for _ in 0..<20 {
                #expect(Self.shared.resolve((any TaxRate).self)?.rate == rate)
                #expect(Self.shared.resolve(Checkout.self)?.tax.rate == rate)
                #expect(Self.shared.resolve(Ledger.self)?.tax.rate == rate)
            }
        }
    }
}
