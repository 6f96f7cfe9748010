import Foundation
import Swinject
import SwinjectInjection
import Testing

/// An injector whose lazy `PGreeter` takes 20 ms to create, counting creations.
func slowLazyInjector(label: String, counting created: Counter) throws -> Injector {
    let injector = Injector(label: label)
    try injector.register(
        as: (any PGreeter).self,
        injection: .lazySingleton {
            created.increment()
            Thread.sleep(forTimeInterval: 0.02)
            return Greeter("once")
        })
    return injector
}

@Suite struct InjectorTests {
    @Test func singletonFactoryAndLazySingleton() throws {
        let injector = Injector(label: "basics")
        let shared = Greeter("shared")
        let made = Counter()
        try injector
            .register(as: (any PGreeter).self, injection: .singleton(shared))
            .register(as: (any PGreeter).self, name: "lazy", injection: .lazySingleton { Greeter("lazy") })
            .register(
                as: (any PGreeter).self, name: "factory",
                injection: .factory {
                    made.increment()
                    return Greeter("factory")
                })

        #expect(try injector.get((any PGreeter).self) as? Greeter === shared)
        let lazy1 = try #require(injector[(any PGreeter).self, name: "lazy"] as? Greeter)
        let lazy2 = try #require(injector[(any PGreeter).self, name: "lazy"] as? Greeter)
        #expect(lazy1 === lazy2)
        let made1 = try injector.get((any PGreeter).self, name: "factory") as? Greeter
        let made2 = try injector.get((any PGreeter).self, name: "factory") as? Greeter
        #expect(made1 !== made2)
        #expect(made.count == 2)
    }

    @Test func seedLazySingletonSpelling() throws {
        let injector = Injector()
        let existing = Greeter("existing")
        try injector.register(as: (any PGreeter).self, injection: .lazySingleton(nil, { Greeter("made") }))
        try injector.register(
            as: (any PGreeter).self, name: "given", injection: .lazySingleton(existing, { Greeter() }))
        #expect(injector[(any PGreeter).self]?.greeting == "made")
        #expect(injector[(any PGreeter).self, name: "given"] as? Greeter === existing)
    }

    @Test func lazySingletonIsCreatedOnceUnderEightConcurrentTasks() async throws {
        let created = Counter()
        let injector = try slowLazyInjector(label: "lazy", counting: created)
        let identities = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<8 {
                group.addTask { (injector[(any PGreeter).self] as? Greeter).map(ObjectIdentifier.init) }
            }
            return await group.reduce(into: [ObjectIdentifier?]()) { $0.append($1) }
        }
        #expect(created.count == 1)
        #expect(Set(identities).count == 1)
        #expect(identities.allSatisfy { $0 != nil })
    }

    @Test func lazySingletonIsCreatedOnceUnderEightThreads() throws {
        let created = Counter()
        let injector = try slowLazyInjector(label: "threads", counting: created)
        let found = Counter()
        let finished = Counter()
        let threads = (0..<8).map { _ in
            Thread {
                if injector[(any PGreeter).self] != nil { found.increment() }
                finished.increment()
            }
        }
        threads.forEach { $0.start() }
        while finished.count < 8 { Thread.sleep(forTimeInterval: 0.005) }
        #expect(created.count == 1)
        #expect(found.count == 8)
    }

    @Test func lazySingletonSurvivesContainerRemoveAll() throws {
        let injector = Injector(label: "cleared")
        injector.container.removeAll()
        try injector.register(as: (any PGreeter).self, injection: .lazySingleton { Greeter("lazy") })
        #expect(try injector.get((any PGreeter).self) === (try injector.get((any PGreeter).self)))
        #expect(injector.container.resolve((any PGreeter).self)?.greeting == "lazy")
    }

    @Test func duplicateRegistrationThrowsWithSite() throws {
        let injector = Injector(label: "services")
        try injector.register(as: (any PGreeter).self, injection: .singleton(Greeter()))
        let (error, line) = (
            capture { try injector.register(as: (any PGreeter).self, injection: .factory { Greeter() }) }, #line
        )
        let failure = try #require(error)
        #expect(failure == .alreadyRegistered)
        #expect(failure.fileID == #fileID)
        #expect(failure.line == line)
        #expect(failure.description.contains("SwinjectInjectionTests.PGreeter"))
        #expect(failure.description.contains("injector 'services'"))
        #expect(failure.description.contains("\(#fileID):\(line)"))
        #expect(throws: InjectionError.alreadyRegistered) {
            try injector.register(as: (any PGreeter).self, injectable: .singleton(Greeter()))
        }
    }

    @Test func rewriteAllowedReplaces() throws {
        let injector = Injector(label: "rewrite", allowsRewrite: true)
        try injector.register(as: (any PGreeter).self, injection: .singleton(Greeter("first")))
        try injector.register(as: (any PGreeter).self, injection: .singleton(Greeter("second")))
        #expect(try injector.get((any PGreeter).self).greeting == "second")
    }

    @Test func missingServiceErrorNamesTypeInjectorAndSite() throws {
        let injector = Injector(label: "repositories")
        let (error, line) = (capture { _ = try injector.get((any PMissing).self, name: "remote") }, #line)
        let failure = try #require(error)
        #expect(failure == .notRegistered)
        #expect(failure.serviceType == "SwinjectInjectionTests.PMissing")
        #expect(failure.name == "remote")
        #expect(failure.injectorLabel == "repositories")
        #expect(failure.line == line)
        #expect(
            failure.description
                == "no registration for SwinjectInjectionTests.PMissing (name: \"remote\") in injector 'repositories'"
                + " [at \(#fileID):\(line)]")
        #expect(injector[(any PMissing).self] == nil)
        #expect(throws: InjectionError.notRegistered) { try injector.get((any PMissing).self) }
    }

    @Test func unregisterAndIsRegistered() throws {
        let injector = Injector()
        #expect(!injector.isRegistered(type: (any PGreeter).self))
        try injector.register(as: (any PGreeter).self, injection: .singleton(Greeter()))
        try injector.register(as: (any PGreeter).self, name: "other", injection: .singleton(Greeter()))
        #expect(injector.isRegistered(type: (any PGreeter).self))
        #expect(injector.removeRegistration(of: (any PGreeter).self))
        #expect(!injector.isRegistered(type: (any PGreeter).self))
        #expect(injector.isRegistered(type: (any PGreeter).self, name: "other"))
        #expect(injector[(any PGreeter).self] == nil)
        #expect(!injector.removeRegistration(of: (any PGreeter).self))
        #expect(throws: InjectionError.notRegistered) { try injector.unregister(type: (any PGreeter).self) }
        try injector.register(as: (any PGreeter).self, injection: .singleton(Greeter("again")))
        #expect(injector[(any PGreeter).self]?.greeting == "again")
    }

    @Test func readsAfterEveryKindOfChangeSeeTheChange() throws {
        // Reads are served from a per-injector cache; each change must be visible to the next read.
        let injector = Injector(label: "changes", allowsRewrite: true)
        try injector.register(as: (any PGreeter).self, injection: .singleton(Greeter("first")))
        #expect(injector[(any PGreeter).self]?.greeting == "first")
        try injector.register(as: (any PGreeter).self, injection: .singleton(Greeter("second")))
        #expect(injector[(any PGreeter).self]?.greeting == "second")
        try injector.unregister(type: (any PGreeter).self)
        #expect(injector[(any PGreeter).self] == nil)
        try injector.register(as: (any PGreeter).self, injection: .factory { Greeter("factory") })
        #expect(try injector.get((any PGreeter).self).greeting == "factory")
        injector.container.register((any PGreeter).self) { _ in Greeter("swinject") }
        #expect(try injector.get((any PGreeter).self).greeting == "swinject")
        #expect(try injector.get((any PGreeter).self).greeting == "swinject")  // now from the cache
        try injector.register(as: (any PGreeter).self, injection: .singleton(Greeter("back")))
        #expect(try injector.get((any PGreeter).self).greeting == "back")
        #expect(injector[(any PGreeter).self]?.greeting == "back")
    }

    @Test func manyTypesReadInTurnEachGetTheirOwnService() throws {
        let injector = Injector(label: "many")
        try injector.register(as: Int.self, injection: .singleton(1))
        try injector.register(as: String.self, injection: .singleton("two"))
        try injector.register(as: Double.self, injection: .singleton(3.0))
        try injector.register(as: [Int].self, injection: .singleton([4]))
        try injector.register(as: [String: Int].self, injection: .singleton(["five": 5]))
        try injector.register(as: (any PGreeter).self, injection: .lazySingleton { Greeter("six") })
        try injector.register(as: Int.self, name: "named", injection: .singleton(7))
        for _ in 0..<3 {
            #expect(try injector.get(Int.self) == 1)
            #expect(try injector.get(String.self) == "two")
            #expect(try injector.get(Double.self) == 3.0)
            #expect(try injector.get([Int].self) == [4])
            #expect(try injector.get([String: Int].self) == ["five": 5])
            #expect(try injector.get((any PGreeter).self).greeting == "six")
            #expect(try injector.get(Int.self, name: "named") == 7)
            #expect(injector[Float.self] == nil)
        }
    }

    @Test func childInjectorSeesAndShadowsParent() throws {
        let parent = Injector(label: "parent")
        try parent.register(as: (any PGreeter).self, injection: .singleton(Greeter("parent")))
        try parent.register(as: (any PGreeter).self, name: "kept", injection: .singleton(Greeter("kept")))
        let child = parent.makeChild(label: "child")
        try child.register(as: (any PGreeter).self, injection: .singleton(Greeter("child")))
        #expect(child[(any PGreeter).self]?.greeting == "child")
        #expect(child[(any PGreeter).self, name: "kept"]?.greeting == "kept")
        #expect(parent[(any PGreeter).self]?.greeting == "parent")
    }
}
