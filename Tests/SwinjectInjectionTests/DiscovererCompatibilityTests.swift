import SwinjectInjection
import Testing

// Discoverer's spellings, written as Discoverer's own tests write them, through the public API only.

protocol PCompatFoo: AnyObject {}
final class CompatFoo: PCompatFoo, Sendable {}

struct UnrelatedError: Error {}

func throwUnrelated(_ shouldThrow: Bool) throws {
    if shouldThrow { throw UnrelatedError() }
}

@Suite struct DiscovererCompatibilityTests {
    @Test func injectionIsAnEnumWithInstance() {
        let made = Counter()
        var lazy = Injection<CompatFoo>.lazySingleton(
            nil,
            {
                made.increment()
                return CompatFoo()
            })
        let first = lazy.instance()
        #expect(lazy.instance() === first)
        #expect(made.count == 1)
        switch lazy {
        case .lazySingleton(let value, _): #expect(value === first)
        case .singleton, .factory: Issue.record("expected .lazySingleton")
        }

        var factory = Injection<CompatFoo>.factory({ CompatFoo() })
        #expect(factory.instance() !== factory.instance())
        let shared = CompatFoo()
        var singleton = Injection<CompatFoo>.singleton(shared)
        #expect(singleton.instance() === shared)
        if case .singleton(let value) = singleton { #expect(value === shared) }
    }

    /// Discoverer's `testUnregister_WhenNotRegistered_ShouldThrowError`, inside a `do` whose other call
    /// throws another error type.
    @Test func unregisterThrowsNotRegisteredCaughtByPattern() {
        let sut = Injector()
        var caught = ""
        do {
            try throwUnrelated(false)
            try sut.unregister(type: (any PCompatFoo).self)
            caught = "nothing"
        } catch InjectionError.notRegistered {
            caught = "notRegistered"
        } catch InjectionError.alreadyRegistered {
            caught = "alreadyRegistered"
        } catch {
            caught = "other"
        }
        #expect(caught == "notRegistered")

        do {
            try throwUnrelated(true)
        } catch InjectionError.notRegistered {
            caught = "notRegistered"
        } catch {
            caught = "other"
        }
        #expect(caught == "other")
    }

    /// Discoverer's `testUnregister_WhenRegistered_ShouldUnregisterService` and the rewrite rules.
    @Test func unregisterChainsAndAllowsRegisteringAgain() throws {
        let sut = Injector(allowsRewrite: false)
        try sut.register(as: (any PCompatFoo).self, injection: .singleton(CompatFoo()))
            .unregister(type: (any PCompatFoo).self)
        #expect(throws: InjectionError.notRegistered) { try sut.get((any PCompatFoo).self) }
        try sut.register(as: (any PCompatFoo).self, injection: .singleton(CompatFoo()))
        do {
            try sut.register(as: (any PCompatFoo).self, injection: .singleton(CompatFoo()))
            Issue.record("expected alreadyRegistered")
        } catch InjectionError.alreadyRegistered {
        } catch {
            Issue.record("unexpected \(error)")
        }
        let error = InjectionError.notRegistered
        #expect(error.code == .notRegistered)
    }

    /// The deprecated Discoverer names still compile and behave.
    @available(*, deprecated)
    @Test func deprecatedDiscovererNames() throws {
        let sut = Injector(allowRewrite: true)
        #expect(sut.allowRewrite)
        try sut.register(as: (any PCompatFoo).self, injection: .singleton(CompatFoo()))
        try sut.register(as: (any PCompatFoo).self, injection: .singleton(CompatFoo()))
        do {
            try sut.unregister(type: CompatFoo.self)
        } catch InjectorError.notRegistered {
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(InjectorError.invalidType == .creationFailed)
    }
}
