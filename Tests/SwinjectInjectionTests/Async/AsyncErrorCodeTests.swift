import SwinjectInjection
import Testing

@Suite struct AsyncErrorCodeTests {
    /// The codes async injection adds follow the convention: kebab-case spellings, a static value
    /// per code, `==` on codes alone.
    @Test(arguments: [
        (InjectionError.asyncOnly, InjectionError.Code.asyncOnly, "async-only"),
        (.factoryThrew, .factoryThrew, "factory-threw"),
        (.cancelled, .cancelled, "cancelled"),
        (.shutdownFailed, .shutdownFailed, "shutdown-failed"),
    ])
    func newCodesFollowTheConvention(value: InjectionError, code: InjectionError.Code, spelling: String) {
        #expect(value.code == code)
        #expect(code.rawValue == spelling)
        #expect(InjectionError(code: code, serviceType: "App.Pool", detail: "text", line: 3) == value)
    }

    /// Variant: a `catch` clause matches the new codes over `any Error`, beside other errors.
    @Test func catchClausesMatchTheNewCodes() async throws {
        let injector = Injector(label: "codes")
        try injector.register(
            as: AsyncFixturePool.self, injection: .asyncSingleton { throw AsyncFixtureConnectError() })
        var caught: [String] = []
        let attempts: [@Sendable () async throws -> Void] = [
            { _ = try injector.get(AsyncFixturePool.self) },
            { _ = try await injector.getAsync(AsyncFixturePool.self) },
            { throw AsyncFixtureConnectError() },
        ]
        for attempt in attempts {
            do {
                try await attempt()
            } catch InjectionError.asyncOnly {
                caught.append("async-only")
            } catch InjectionError.factoryThrew {
                caught.append("factory-threw")
            } catch {
                caught.append("other")
            }
        }
        #expect(caught == ["async-only", "factory-threw", "other"])
    }
}
