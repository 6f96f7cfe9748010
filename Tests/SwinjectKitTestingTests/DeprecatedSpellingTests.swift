import SwinjectInjection
import SwinjectKitTesting
import Testing

/// The spellings SwinjectInjection kept, deprecated, forward to the same mechanism: their scopes
/// and the product's scopes see each other.
@Suite struct DeprecatedSpellingTests {
    @available(*, deprecated, message: "exercises the deprecated forwarding spelling")
    @Test func injectorWithOverridesStillWorks() throws {
        #expect(Injector.isRunningTests == TestRunner.isActive)
        let name = try Shared.injector.withOverrides { scope in
            try scope.register(as: (any Clock).self, injection: .singleton(TestClock("old spelling")))
        } operation: {
            try Shared.injector.get((any Clock).self).name
        }
        #expect(name == "old spelling")
    }

    /// Variant: the async form, nested inside the product's scope, sees the outer registration.
    @available(*, deprecated, message: "exercises the deprecated forwarding spelling")
    @Test func asyncFormNestsWithTheProductsScopes() async throws {
        try await withOverrides(
            .injector(Shared.injector) { try $0.register(as: Token.self, injection: .singleton(Token(3))) }
        ) {
            let (token, clock) = try await Shared.injector.withOverrides { scope in
                try scope.register(as: (any Clock).self, injection: .singleton(TestClock("inner")))
            } operation: { () async throws -> (Int, String) in
                await Task.yield()
                return (try Shared.injector.get(Token.self).value, try Shared.injector.get((any Clock).self).name)
            }
            #expect(token == 3)
            #expect(clock == "inner")
        }
    }
}
