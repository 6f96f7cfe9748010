import Swinject
import SwinjectInjection
import SwinjectKitTesting
import Testing

struct GreetingScreen {
    @Injected var greeter: any PGreeter
}

@Suite struct TestSupportTests {
    @Test func detectsTheTestRunner() {
        #expect(TestRunner.isActive)
        #expect(InjectorFactory(label: "app").injector == nil)
    }

    @Test func factoryBuildsOutsideTests() throws {
        let factory = try InjectorFactory(label: "app", isRunningTests: false) { injector in
            try injector.register(as: (any PGreeter).self, injection: .singleton(Greeter("app")))
        }
        let injector = try #require(factory.injector)
        #expect(injector.label == "app")
        #expect(injector[(any PGreeter).self]?.greeting == "app")
    }

    @Test(arguments: ["alpha", "beta", "gamma", "delta"])
    func overridesDoNotLeakBetweenParallelTests(greeting: String) async throws {
        try await withOverrides(
            .injector(Injector.default) { scope in
                try scope.register(as: (any PGreeter).self, injection: .singleton(Greeter(greeting)))
            }
        ) {
            for _ in 0..<200 {
                let resolved = try Injector.default.get((any PGreeter).self)
                #expect(resolved.greeting == greeting)
                #expect(GreetingScreen().greeter.greeting == greeting)
                await Task.yield()
            }
            let child = await Task { Injector.default[(any PGreeter).self]?.greeting }.value
            #expect(child == greeting)
        }
        #expect(Injector.default[(any PGreeter).self] == nil)
    }

    @Test func overridesReachSwinjectFactoriesAndNest() throws {
        let injector = Injector(label: "base")
        try injector.register(as: (any PGreeter).self, injection: .singleton(Greeter("real")))
        injector.container.register(Consumer.self) { r in Consumer(greeter: r.resolve((any PGreeter).self)) }
        try withOverrides(
            .injector(injector) { scope in scope.bind(object: Greeter("fake"), toType: (any PGreeter).self) }
        ) {
            #expect(injector[Consumer.self]?.greeter?.greeting == "fake")
            try withOverrides(
                .injector(injector) { scope in scope.bind(type: Consumer.self) { _ in Consumer(greeter: nil) } }
            ) {
                #expect(injector[(any PGreeter).self]?.greeting == "fake")
                #expect(injector[Consumer.self]?.greeter == nil)
            }
        }
        #expect(injector[Consumer.self]?.greeter?.greeting == "real")
    }
}
