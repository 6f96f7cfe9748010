import Swinject
import SwinjectAutoregistration
import Testing

@Suite("Fixed-arity autoregistration")
struct FixedArityTests {
    /// Registers `Dep1` ... `Dep<count>`, each a fresh instance per resolve.
    private func registerDependencies(_ container: Container, count: Int) {
        let all: [(Container) -> Void] = [
            { $0.register(Dep1.self) { _ in Dep1() } }, { $0.register(Dep2.self) { _ in Dep2() } },
            { $0.register(Dep3.self) { _ in Dep3() } }, { $0.register(Dep4.self) { _ in Dep4() } },
            { $0.register(Dep5.self) { _ in Dep5() } }, { $0.register(Dep6.self) { _ in Dep6() } },
            { $0.register(Dep7.self) { _ in Dep7() } }, { $0.register(Dep8.self) { _ in Dep8() } },
            { $0.register(Dep9.self) { _ in Dep9() } }, { $0.register(Dep10.self) { _ in Dep10() } },
            { $0.register(Dep11.self) { _ in Dep11() } }, { $0.register(Dep12.self) { _ in Dep12() } },
            { $0.register(Dep13.self) { _ in Dep13() } }, { $0.register(Dep14.self) { _ in Dep14() } },
            { $0.register(Dep15.self) { _ in Dep15() } }, { $0.register(Dep16.self) { _ in Dep16() } },
            { $0.register(Dep17.self) { _ in Dep17() } }, { $0.register(Dep18.self) { _ in Dep18() } },
            { $0.register(Dep19.self) { _ in Dep19() } }, { $0.register(Dep20.self) { _ in Dep20() } },
            { $0.register(Dep21.self) { _ in Dep21() } },
        ]
        for register in all.prefix(count) { register(container) }
    }

    /// The dependencies arrived in parameter order, each of its own type.
    private func expectInOrder(_ dependencies: [AnyObject], count: Int) {
        let expected: [AnyObject.Type] = [
            Dep1.self, Dep2.self, Dep3.self, Dep4.self, Dep5.self, Dep6.self, Dep7.self, Dep8.self, Dep9.self,
            Dep10.self, Dep11.self, Dep12.self, Dep13.self, Dep14.self, Dep15.self, Dep16.self, Dep17.self,
            Dep18.self, Dep19.self, Dep20.self, Dep21.self,
        ]
        #expect(dependencies.count == count)
        let arrived = dependencies.map { ObjectIdentifier(type(of: $0)) }
        #expect(arrived == expected.prefix(count).map(ObjectIdentifier.init))
    }

    @Test func oneArgumentBetweenTwentyDependencies() throws {
        let container = Container()
        registerDependencies(container, count: 20)
        container.autoregister(WideOneArgument.self, argument: String.self, initializer: WideOneArgument.init)
        let service = try container.resolveOrThrow(WideOneArgument.self, argument: "middle")
        #expect(service.name == "middle")
        expectInOrder(service.dependencies, count: 20)
        _ = try container.verify()
    }

    @Test func twoArgumentsAroundTwentyDependenciesInEitherOrder() throws {
        let container = Container()
        registerDependencies(container, count: 20)
        container.autoregister(
            WideTwoArguments.self, arguments: Int.self, String.self, initializer: WideTwoArguments.init)
        let service = try container.resolveOrThrow(WideTwoArguments.self, arguments: 7, "first")
        #expect(service.name == "first")
        #expect(service.count == 7)
        expectInOrder(service.dependencies, count: 20)
    }

    @Test func threeArgumentsAmongTwentyDependencies() throws {
        let container = Container()
        registerDependencies(container, count: 20)
        container.autoregister(
            WideThreeArguments.self, arguments: String.self, Int.self, Bool.self,
            initializer: WideThreeArguments.init)
        let service = try container.resolveOrThrow(WideThreeArguments.self, arguments: "name", 3, true)
        #expect(service.flag)
        #expect(service.name == "name")
        #expect(service.count == 3)
        expectInOrder(service.dependencies, count: 20)
    }

    @Test func theFirstLengthPastTheFixedOverloadsUsesTheParameterPack() throws {
        let container = Container()
        registerDependencies(container, count: 21)
        container.autoregister(TwentyOneDependencies.self, initializer: TwentyOneDependencies.init)
        expectInOrder(try container.resolveOrThrow(TwentyOneDependencies.self).dependencies, count: 21)
    }

    @Test func aMissingDependencyIsNamedWithTheChainAndNothingTraps() throws {
        let container = Container()
        registerDependencies(container, count: 19)
        container.autoregister(WideOneArgument.self, argument: String.self, initializer: WideOneArgument.init)
        #expect(container.resolve(WideOneArgument.self, argument: "x") == nil)
        let error = #expect(throws: ResolutionError.missingDependency) {
            try container.resolveOrThrow(WideOneArgument.self, argument: "x")
        }
        #expect(error?.chain == ["WideOneArgument", "Dep20"])
        let verification = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(verification?.issues.map(\.chain) == [["WideOneArgument", "Dep20 (not registered)"]])
    }

    @Test func anArgumentTypeNoParameterHasIsReportedNotTrapped() throws {
        let container = Container()
        registerDependencies(container, count: 20)
        container.autoregister(WideOneArgument.self, argument: Double.self, initializer: WideOneArgument.init)
        #expect(container.resolve(WideOneArgument.self, argument: 1.5) == nil)
        #expect(throws: ResolutionError.unmatchedArgumentType) {
            try container.resolveOrThrow(WideOneArgument.self, argument: 1.5)
        }
    }
}
