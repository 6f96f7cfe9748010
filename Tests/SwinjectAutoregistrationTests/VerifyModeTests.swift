import Swinject
import SwinjectAutoregistration
import Testing

final class Tracer {}

final class Traced {
    let tracer: Tracer
    init(tracer: Tracer) { self.tracer = tracer }
}

@Suite("verify() never reports success on what it did not check")
struct VerifyModeTests {
    @Test func closureRegistrationsAreListedAsNotChecked() throws {
        let container = Container()
        container.autoregister(Traced.self, initializer: Traced.init)
        container.register(Tracer.self) { _ in Tracer() }
        let report = try container.verify()
        #expect(report.checked == ["Traced"])
        #expect(report.unchecked.count == 1)
        #expect(report.unchecked.first?.hasPrefix("Tracer: registered with a closure") == true)
        #expect(report.description.contains("Verified 1 registration; 1 not checked:"))
    }

    @Test func problemsAndNotCheckedRegistrationsAreReportedTogether() throws {
        let container = Container()
        container.autoregister(Session.self, initializer: Session.init)
        container.register(Tracer.self) { _ in Tracer() }
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(error?.issues.map(\.code) == [.missingDependency])
        #expect(error?.unchecked.count == 1)
        #expect(error?.description.contains("Not checked (1):") == true)
    }

    @Test func resolvingEachFindsAThrowingInitializer() throws {
        let container = Container()
        container.register(URLSessionConfiguration.self) { _ in URLSessionConfiguration() }
        container.autoregister(Database.self, initializer: Database.init)
        container.autoregister(Repository.self, initializer: Repository.init)
        #expect(throws: Never.self) { try container.verify() }
        let error = #expect(throws: VerificationError.self) { try container.verify(.resolvingEach) }
        let issues = try #require(error?.issues)
        #expect(issues.map(\.code) == [.initializerThrew, .initializerThrew])
        #expect(Set(issues.map(\.chain)) == [["Database"], ["Repository", "Database"]])
    }

    @Test func resolvingEachFindsACycleThroughAClosure() throws {
        let container = Container()
        container.autoregister(HandA.self, initializer: HandA.init)
        container.register(HandB.self) { r in HandB(a: r.resolve(HandA.self)) }
        #expect(throws: Never.self) { try container.verify() }
        let error = #expect(throws: VerificationError.self) { try container.verify(.resolvingEach) }
        #expect(error?.issues.contains { $0.code == .cycle && $0.chain == ["HandA", "HandB", "HandA"] } == true)
    }

    @Test func resolvingEachReportsARegistrationThatProducesNil() throws {
        let container = Container()
        container.register(Dog.self) { _ in Dog(name: "Rex") }.implements(Cat.self)
        let error = #expect(throws: VerificationError.self) { try container.verify(.resolvingEach) }
        #expect(error?.issues.map(\.code) == [.resolvedToNil])
        #expect(error?.issues.first?.description.contains("Cannot resolve Cat: it is registered") == true)
    }

    @Test func resolvingEachListsArgumentRegistrationsAndPassesACleanContainer() throws {
        let container = Container()
        container.register(Tracer.self) { _ in Tracer() }
        container.autoregister(Traced.self, initializer: Traced.init)
        container.autoregister(Cat.self, argument: String.self, initializer: Cat.init(name:))
        let report = try container.verify(.resolvingEach)
        #expect(Set(report.checked) == ["Tracer", "Traced"])
        #expect(
            report.unchecked == [
                "Cat with arguments (String): needs runtime arguments, which verification cannot invent"
            ])
    }

    @Test func resolvingEachDoesNotRunAnythingWhileADependencyIsMissing() throws {
        let container = Container()
        container.autoregister(Session.self, initializer: Session.init)
        let error = #expect(throws: VerificationError.self) { try container.verify(.resolvingEach) }
        #expect(error?.issues.map(\.code) == [.missingDependency])
        #expect(error?.unchecked.first?.hasPrefix("nothing was resolved") == true)
    }
}
