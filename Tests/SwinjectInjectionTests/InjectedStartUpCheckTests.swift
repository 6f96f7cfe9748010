import Foundation
import Swinject
import SwinjectAutoregistration
import SwinjectInjection
import SwinjectPropertyLoader
import Testing

enum StartUpCheckInjectors {
    /// Has nothing registered.
    static let empty = Injector(label: "start-up-empty")
    static let greeters: Injector = {
        let injector = Injector(label: "start-up-greeters")
        _ = try? injector.register(as: (any PGreeter).self, injection: .factory { Greeter("hello") })
        return injector
    }()
}

/// A service whose `@Injected` property cannot resolve: reading it would stop the program.
final class ReportDesk {
    static let declarationLine = #line + 1
    @Injected(injector: StartUpCheckInjectors.empty) var archive: any PMissing
}

/// A service whose named `@Injected` property cannot resolve.
final class NamedReportDesk {
    @Injected(injector: StartUpCheckInjectors.empty, name: "remote") var archive: any PMissing
}

/// A service whose `@Injected` property resolves.
final class FrontDesk {
    @Injected(injector: StartUpCheckInjectors.greeters) var greeter: any PGreeter
}

@Suite struct InjectedStartUpCheckTests {
    @Test func verifyResolvingEachReportsAFailedInjectedProperty() throws {
        let container = Container()
        container.register(ReportDesk.self) { _ in ReportDesk() }
        container.register(FrontDesk.self) { _ in FrontDesk() }
        let error = try #require(throws: VerificationError.self) { try container.verify(.resolvingEach) }
        #expect(error == .invalidContainer)
        #expect(error.issues.count == 1)
        let issue = try #require(error.issues.first)
        #expect(issue.code == .missingDependency)
        #expect(issue.chain == ["ReportDesk", "PMissing"])
        #expect(
            issue.description.hasPrefix(
                "ReportDesk (through @Injected): no registration for SwinjectInjectionTests.PMissing"))
        #expect(issue.description.contains("InjectedStartUpCheckTests.swift:\(ReportDesk.declarationLine)"))
    }

    @Test func aNamedPropertyIsReportedWithItsName() throws {
        let container = Container()
        container.register(NamedReportDesk.self) { _ in NamedReportDesk() }
        let error = try #require(throws: VerificationError.self) { try container.verify(.resolvingEach) }
        #expect(error.issues.map(\.chain) == [["NamedReportDesk", "PMissing (name: \"remote\")"]])
    }

    @Test func aSingletonBuiltByThePropertyCheckIsStillReportedByVerify() throws {
        let container = Container()
        container.register(ReportDesk.self) { _ in ReportDesk() }.inObjectScope(.container)
        // The property check builds the singleton and passes: its failure is not a property's.
        try container.checkProperties()
        let error = try #require(throws: VerificationError.self) { try container.verify(.resolvingEach) }
        #expect(error.issues.map(\.chain) == [["ReportDesk", "PMissing"]])
    }

    @Test func servicesWhoseInjectedPropertiesResolvePass() throws {
        let container = Container()
        container.register(FrontDesk.self) { _ in FrontDesk() }.inObjectScope(.container)
        try container.checkProperties()
        let report = try container.verify(.resolvingEach)
        #expect(report.description == "Verified 1 registration.")
        #expect(container.resolve(FrontDesk.self)?.greeter.greeting == "hello")
    }

    /// The failure goes to the check of the thread that built the service: failed `@Injected`
    /// properties built on another thread at the same time never reach it.
    @Test func failuresOnOtherThreadsDoNotReachTheCheck() async throws {
        let container = Container()
        container.register(FrontDesk.self) { _ in FrontDesk() }
        let stop = LockedFlag()
        let running = LockedFlag()
        let other = Thread {
            while !stop.isSet {
                _ = ReportDesk().$archive
                running.set()
            }
        }
        other.start()
        defer { stop.set() }
        while !running.isSet { try await Task.sleep(for: .milliseconds(1)) }
        for _ in 0..<2_000 {
            #expect(try container.verify(.resolvingEach).description == "Verified 1 registration.")
        }
    }
}

/// A flag one thread sets and another reads.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
