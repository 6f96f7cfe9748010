import SwinjectInjection
import SwinjectKitTesting
import Synchronization
import Testing

@Suite struct InjectorOverrideTraitTests {
    @Test(
        .overriding(Shared.injector) { scope in
            try scope.register(as: (any Clock).self, injection: .singleton(TestClock("trait")))
        })
    func traitReplacesTheRegistrationForTheTest() throws {
        #expect(try Shared.injector.get((any Clock).self).name == "trait")
    }

    @Test func withoutTheTraitTheRegistrationIsTheRealOne() throws {
        #expect(try Shared.injector.get((any Clock).self).name == "system")
    }

    /// A later trait for the same injector sees the earlier one's registrations and wins where
    /// both register.
    @Test(
        .overriding(Shared.injector) { scope in
            try scope.register(as: (any Clock).self, injection: .singleton(TestClock("outer")))
            try scope.register(as: Token.self, injection: .singleton(Token(1)))
        },
        .overriding(Shared.injector) { scope in
            try scope.register(as: (any Clock).self, injection: .singleton(TestClock("inner")))
        }
    )
    func traitsNest() throws {
        #expect(try Shared.injector.get((any Clock).self).name == "inner")
        #expect(try Shared.injector.get(Token.self).value == 1)
    }

    /// Tasks the test starts inherit the overrides.
    @Test(
        .overriding(Shared.injector) { scope in
            try scope.register(as: Token.self, injection: .singleton(Token(7)))
        })
    func childTasksSeeTheOverrides() async throws {
        async let fromChild = Shared.injector.get(Token.self).value
        let fromGroup = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 { group.addTask { try Shared.injector.get(Token.self).value } }
            return try await group.reduce(0, +)
        }
        #expect(try await fromChild == 7)
        #expect(fromGroup == 28)
    }

    /// A configure closure that throws fails the test before it runs, with the error.
    @Test func aThrowingConfigureClosureStopsTheScope() throws {
        struct SetupFailed: Error {}
        var ran = false
        #expect(throws: SetupFailed.self) {
            try withOverrides(.injector(Shared.injector) { _ in throw SetupFailed() }) { ran = true }
        }
        #expect(!ran)
    }
}

/// Counts the lazy singletons the suite trait below makes.
enum SingletonCounter {
    static let value = Atomic(0)
    static func next() -> Int { value.wrappingAdd(1, ordering: .relaxed).newValue }
    static var current: Int { value.load(ordering: .relaxed) }
}

/// A suite trait gives every test case of the suite a fresh scope: a lazy singleton of the
/// overrides is made anew for each case (serialized, so a case's singleton can only come from it
/// or from an earlier case).
@Suite(
    .serialized,
    .overriding(Shared.injector) { scope in
        try scope.register(as: Token.self, injection: .lazySingleton { Token(SingletonCounter.next()) })
    }
)
struct SuiteOverrideTraitTests {
    @Test(arguments: 0..<3) func eachCaseGetsItsOwnSingleton(_ index: Int) throws {
        let before = SingletonCounter.current
        let first = try Shared.injector.get(Token.self)
        #expect(try Shared.injector.get(Token.self) === first)
        #expect(first.value == before + 1)
    }
}
