import Swinject
import SwinjectAutoregistration
import Testing

@Suite("verify()")
struct VerificationTests {
    @Test func cleanGraphPasses() throws {
        let container = Container()
        container.register(URLSessionConfiguration.self) { _ in URLSessionConfiguration() }
        container.autoregister(Leaf.self, initializer: Leaf.init)
        container.autoregister(App.self, initializer: App.init)
        container.autoregister(APIClient.self, initializer: APIClient.init)
        container.autoregister(Session.self, initializer: Session.init)
        _ = try container.verify()
    }

    @Test func handRegistrationsBeforeTheFirstAutoregisterAreKnown() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        container.autoregister((any Person).self, initializer: PetOwner.init(pet:))
        _ = try container.verify()
    }

    @Test func missingDependencyThreeLevelsDown() throws {
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        container.autoregister(App.self, initializer: App.init)
        container.autoregister(APIClient.self, initializer: APIClient.init)
        container.autoregister(Session.self, initializer: Session.init)
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        let issues = try #require(error?.issues)
        #expect(issues.count == 1)
        #expect(issues[0].code == .missingDependency)
        #expect(issues[0].chain == ["App", "APIClient", "Session", "URLSessionConfiguration (not registered)"])
        #expect(issues[0].description.contains("Session [initializer (URLSessionConfiguration) -> Session]"))
    }

    @Test func reportsEveryProblemSorted() throws {
        let container = Container()
        container.autoregister(Session.self, initializer: Session.init)
        container.autoregister(Pair.self, initializer: Pair.init)
        container.autoregister(SelfLoop.self, initializer: SelfLoop.init)
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        let issues = try #require(error?.issues)
        #expect(issues.map(\.code) == [.cycle, .missingDependency, .missingDependency, .missingDependency])
        #expect(issues == issues.sorted())
        #expect(error?.description.hasPrefix("Container verification found 4 problems:") == true)
    }

    @Test func cycleOfLengthOne() throws {
        let container = Container()
        container.autoregister(SelfLoop.self, initializer: SelfLoop.init)
        let issues = try #require(#expect(throws: VerificationError.self) { try container.verify() }?.issues)
        #expect(issues.map(\.chain) == [["SelfLoop", "SelfLoop"]])
        #expect(issues[0].description == "Dependency cycle of length 1: SelfLoop → SelfLoop")
    }

    @Test func cycleOfLengthTwo() throws {
        let container = Container()
        container.autoregister(CycleB.self, initializer: CycleB.init)
        container.autoregister(CycleA.self, initializer: CycleA.init)
        let issues = try #require(#expect(throws: VerificationError.self) { try container.verify() }?.issues)
        #expect(issues.map(\.chain) == [["CycleA", "CycleB", "CycleA"]])
    }

    @Test func cycleOfLengthFour() throws {
        let container = Container()
        container.autoregister(Ring3.self, initializer: Ring3.init)
        container.autoregister(Ring1.self, initializer: Ring1.init)
        container.autoregister(Ring4.self, initializer: Ring4.init)
        container.autoregister(Ring2.self, initializer: Ring2.init)
        let issues = try #require(#expect(throws: VerificationError.self) { try container.verify() }?.issues)
        #expect(issues.map(\.chain) == [["Ring1", "Ring2", "Ring3", "Ring4", "Ring1"]])
        #expect(issues[0].code == .cycle)
    }

    @Test func argumentOnlyDependency() throws {
        let container = Container()
        container.register(URLSessionConfiguration.self) { (_, _: String) in URLSessionConfiguration() }
        container.autoregister(Session.self, initializer: Session.init)
        let issues = try #require(#expect(throws: VerificationError.self) { try container.verify() }?.issues)
        #expect(issues.map(\.code) == [.argumentOnlyDependency])
        #expect(issues[0].description.contains("registered only with runtime arguments"))
    }

    @Test func wrongNameIsMissing() throws {
        let container = Container()
        container.register(URLSessionConfiguration.self, name: "ephemeral") { _ in URLSessionConfiguration() }
        container.autoregister(Session.self, initializer: Session.init)
        let issues = try #require(#expect(throws: VerificationError.self) { try container.verify() }?.issues)
        #expect(issues.map(\.code) == [.missingDependency])
        #expect(issues[0].description.contains("URLSessionConfiguration (name: \"ephemeral\")"))
    }

    @Test func childContainers() throws {
        let parent = Container()
        parent.autoregister(Session.self, initializer: Session.init)
        let child = Container(parent: parent)
        child.register(URLSessionConfiguration.self) { _ in URLSessionConfiguration() }
        child.autoregister(APIClient.self, initializer: APIClient.init)
        _ = try child.verify()
        #expect(throws: VerificationError.self) { try parent.verify() }
        let grandchild = Container(parent: child)
        grandchild.autoregister(Leaf.self, initializer: Leaf.init)
        grandchild.autoregister(App.self, initializer: App.init)
        _ = try grandchild.verify()
    }

    @Test func untrackedAncestorsAreImported() throws {
        let grandparent = Container()
        grandparent.register(URLSessionConfiguration.self) { _ in URLSessionConfiguration() }
        let parent = Container(parent: grandparent)
        parent.register(Leaf.self) { _ in Leaf() }
        let child = Container(parent: parent)
        child.autoregister(Session.self, initializer: Session.init)
        child.autoregister(APIClient.self, initializer: APIClient.init)
        child.autoregister(App.self, initializer: App.init)
        _ = try child.verify()
        // Registrations made after the import are observed by the behavior.
        parent.register(Cat.self) { _ in Cat(name: "Tom") }
        child.autoregister(Pair.self, initializer: Pair.init)
        _ = try child.verify()
    }

    @Test func reRegistrationReplacesWhatTheCheckSees() throws {
        let container = Container()
        container.autoregister(Session.self, initializer: Session.init)
        #expect(throws: VerificationError.self) { try container.verify() }
        // By hand, the same key: its autoregistered dependency on URLSessionConfiguration is gone.
        container.register(Session.self) { _ in Session(configuration: URLSessionConfiguration()) }
        _ = try container.verify()
        container.autoregister(Session.self, initializer: Session.init)
        let issues = try #require(#expect(throws: VerificationError.self) { try container.verify() }?.issues)
        #expect(issues.map(\.chain) == [["Session", "URLSessionConfiguration (not registered)"]])
    }

    @Test func dependenciesRecordedInAncestorsAreCheckedAgainstTheWholeChain() throws {
        let grandparent = Container()
        grandparent.autoregister(App.self, initializer: App.init)
        grandparent.autoregister(Leaf.self, initializer: Leaf.init)
        let parent = Container(parent: grandparent)
        parent.autoregister(APIClient.self, initializer: APIClient.init)
        parent.autoregister(Session.self, initializer: Session.init)
        let child = Container(parent: parent)
        let issues = try #require(#expect(throws: VerificationError.self) { try child.verify() }?.issues)
        #expect(issues.map(\.chain) == [["App", "APIClient", "Session", "URLSessionConfiguration (not registered)"]])
        child.register(URLSessionConfiguration.self) { _ in URLSessionConfiguration() }
        _ = try child.verify()
        // A child's registration replaces its parent's under the same key, dependencies and all.
        let sibling = Container(parent: parent)
        sibling.register(Session.self) { _ in Session(configuration: URLSessionConfiguration()) }
        _ = try sibling.verify()
        #expect(throws: VerificationError.self) { try parent.verify() }
    }

    @Test func cycleThroughTwoEdgesToOneServiceIsReportedOnce() throws {
        let container = Container()
        container.autoregister(TwiceA.self, initializer: TwiceA.init)
        container.autoregister(TwiceB.self, initializer: TwiceB.init)
        let issues = try #require(#expect(throws: VerificationError.self) { try container.verify() }?.issues)
        #expect(issues.map(\.chain) == [["TwiceA", "TwiceB", "TwiceA"]])
    }

    /// 20,000 registrations: a clean graph passes, and with one shared dependency missing, every
    /// registration that needs it is reported with its own chain. (How `verify()` scales with the
    /// number of services is measured by the `verify.100k` benchmark, not timed here.)
    @Test func largeGraphReportsEveryRegistrationThatNeedsAMissingService() throws {
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        for index in 0..<20_000 {
            container.autoregister(Pair.self, name: "pair\(index)", initializer: Pair.init)
        }
        let issues = try #require(#expect(throws: VerificationError.self) { try container.verify() }?.issues)
        #expect(issues.count == 20_000)
        #expect(issues.allSatisfy { $0.code == .missingDependency })
        #expect(issues.first?.chain == ["Pair (name: \"pair0\")", "Cat (not registered)"])
        #expect(Set(issues.map { $0.chain[0] }).count == 20_000)
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        _ = try container.verify()
    }
}
