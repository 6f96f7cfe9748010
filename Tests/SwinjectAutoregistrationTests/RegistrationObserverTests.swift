import Swinject
import Testing

@testable import SwinjectAutoregistration

/// Every observer of a container's registrations (the manifest's tracker, a `sendableResolver()`'s
/// late-registration check) is told about every registration made after it was added, however the
/// observers were added around the registrations. The observers are read without a lock (a list
/// published atomically), so these tests also run under the thread sanitizer (`Scripts/tsan.sh`
/// picks the suite by its `SendableResolver` name).
@Suite("SendableResolver and the manifest observe registrations together")
struct SendableResolverObserverTests {
    @Test func aRegistrationAfterTheResolverStartedReachesTheManifestAndTheResolver() throws {
        // The tracker was added first, the resolver's observer second: both see the late one.
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        let resolver = container.sendableResolver()
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        #expect(throws: ResolutionError.registeredAfterStart) { try resolver.resolveOrThrow(Leaf.self) }
        let names = RegistrationTracking.knownRecords(from: container).records.map {
            String(describing: $0.serviceType)
        }
        #expect(names == ["Leaf", "Cat"])
        #expect(container.dependencyGraph().mermaid.contains("Cat"))
    }

    @Test func anAutoregistrationAfterTheResolverStartedStartsTrackingAndIsReported() throws {
        // The other order: the resolver's observer first, the tracker added by the late
        // autoregistration itself, which both of them see.
        let container = Container()
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        let resolver = container.sendableResolver()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        container.autoregister(Pair.self, initializer: Pair.init)
        let error = #expect(throws: ResolutionError.registeredAfterStart) { try resolver.resolveOrThrow(Cat.self) }
        #expect(error?.description.contains("Leaf (register)") == true)
        let records = RegistrationTracking.knownRecords(from: container).records
        #expect(records.map { String(describing: $0.serviceType) } == ["Cat", "Leaf", "Pair"])
        #expect(records.last?.autoregistration?.dependencies.count == 2)
    }

    @Test func everyOneOfManyResolversSeesALateRegistration() throws {
        // Every resolver adds an observer; each is told about the registration once.
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        let resolvers = (0..<2_000).map { _ in container.sendableResolver() }
        #expect((try? resolvers[0].resolveOrThrow(Leaf.self)) != nil)
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        #expect(resolvers.allSatisfy { (try? $0.resolveOrThrow(Leaf.self)) == nil })
        #expect(RegistrationTracking.knownRecords(from: container).records.count == 2)
    }

    @Test func registrationsOnOneThreadWhileResolversStartOnAnotherAreAllRecorded() async throws {
        // Each `sendableResolver()` publishes a new observer list while the other task's
        // registrations read the current one.
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        let shared = UncheckedContainer(container)
        let count = 2_000
        let resolvers = await withTaskGroup(of: [SendableResolver].self) { group in
            group.addTask {
                for index in 0..<count {
                    shared.container.autoregister(Pair.self, name: "pair\(index)", initializer: Pair.init)
                }
                return []
            }
            group.addTask {
                (0..<20).map { _ in shared.container.sendableResolver() }
            }
            return await group.reduce(into: [SendableResolver]()) { $0 += $1 }
        }
        let records = RegistrationTracking.knownRecords(from: container).records
        #expect(records.count == count + 1)
        #expect(records.allSatisfy { $0.serviceType != Pair.self || $0.autoregistration?.dependencies.count == 2 })
        // Every resolver's observer sees a registration made after all of them started.
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        #expect(resolvers.count == 20)
        for resolver in resolvers {
            #expect(throws: ResolutionError.registeredAfterStart) { try resolver.resolveOrThrow(Leaf.self) }
        }
    }
}
