import Swinject
import SwinjectAutoregistration
import SwinjectInjection
import Testing

private protocol FraudChecker {}
private struct RuleFraudChecker: FraudChecker {}
private struct Boom: Error {}
private final class Ledger {}
private final class Statements {
    init(ledger: Ledger) {}
}

/// What an `Injector` error says beyond its code: where it looked, what exists, where the first
/// registration was made, and that a factory threw.
@Suite struct InjectorMessageTests {
    @Test func aMissFromAGrandchildListsTheInjectorsSearchedNearestFirst() throws {
        let orders = Injector(label: "orders")
        let grandchild = orders.makeChild(label: "orders-child").makeChild(label: "orders-grandchild")
        let error = try #require(throws: InjectionError.self) { try grandchild.get((any FraudChecker).self) }
        #expect(error.code == .notRegistered)
        #expect(
            error.description.contains(
                "searched injector 'orders-grandchild', injector 'orders-child', injector 'orders' (nearest first)"))
    }

    @Test func anUnknownNameListsTheRegistrationsThatExist() throws {
        let orders = Injector(label: "orders")
        try orders.register(as: (any FraudChecker).self, injection: .singleton(RuleFraudChecker()))
        try orders.register(as: (any FraudChecker).self, name: "strict", injection: .singleton(RuleFraudChecker()))
        let child = orders.makeChild(label: "orders-child")
        let error = try #require(throws: InjectionError.self) {
            try child.get((any FraudChecker).self, name: "lenient")
        }
        #expect(error.code == .notRegistered)
        #expect(error.description.contains(#"unnamed in injector 'orders', name "strict" in injector 'orders'"#))
    }

    /// Variant: one injector and nothing else of the type: the message stays short.
    @Test func aPlainMissAddsNothing() throws {
        let orders = Injector(label: "orders")
        let error = try #require(throws: InjectionError.self) { try orders.get((any FraudChecker).self) }
        #expect(error.detail == nil)
    }

    @Test func alreadyRegisteredNamesTheFirstSiteAndAllowsRewrite() throws {
        let orders = Injector(label: "orders")
        let firstLine = #line + 1
        try orders.register(as: (any FraudChecker).self, injection: .singleton(RuleFraudChecker()))
        let error = try #require(throws: InjectionError.self) {
            try orders.register(as: (any FraudChecker).self, injection: .singleton(RuleFraudChecker()))
        }
        #expect(error.code == .alreadyRegistered)
        #expect(error.description.contains("first registered at \(#fileID):\(firstLine)"))
        #expect(error.description.contains("allowsRewrite: true"))
    }

    @Test func aSwinjectFactoryThatThrewIsReportedAsThrowing() throws {
        let orders = Injector(label: "orders")
        orders.container.register(Ledger.self) { _ in throw Boom() }
        let error = try #require(throws: InjectionError.self) { try orders.get(Ledger.self) }
        #expect(error.code == .factoryThrew)
        #expect(error.underlyingError is Boom)
        #expect(error.description.contains("the factory of"))
        #expect(error.description.contains("threw"))
        #expect(!error.description.contains("returned nil"))
        #expect(!error.description.contains("initializer"))
    }

    /// Variant: the factory that threw is below an autoregistered service.
    @Test func aFactoryThatThrewBelowIsNamedInTheChain() throws {
        let orders = Injector(label: "orders")
        orders.container.register(Ledger.self) { _ in throw Boom() }
        orders.container.autoregister(Statements.self, initializer: Statements.init)
        let error = try #require(throws: InjectionError.self) { try orders.get(Statements.self) }
        #expect(error.code == .factoryThrew)
        #expect(error.chain.last?.hasSuffix("Ledger (its factory threw Boom())") == true)
        #expect(!error.description.contains("returned nil"))
    }
}
