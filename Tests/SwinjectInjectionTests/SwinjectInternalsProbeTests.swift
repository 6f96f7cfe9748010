import Foundation
import Swinject
import SwinjectKitSupport
import Testing

/// The probe suite of the one hook into Swinject (`Sources/SwinjectKitSupport/SwinjectInternals`):
/// every private access must find the layout it was checked against, or this suite fails. A
/// Swinject release with another layout fails here instead of switching features off quietly.
@Suite("Swinject internals probe")
struct SwinjectInternalsProbeTests {
    private final class Service {}

    @Test func everyAccessorFindsTheLayoutItExpects() {
        #expect(
            SwinjectInternals.layoutProblems.isEmpty,
            "Swinject's layout differs from \(SwinjectInternals.checkedVersion): \(SwinjectInternals.layoutProblems)")
        #expect(SwinjectEntryFields.isAvailable)
    }

    @Test func theRegistrationTableListsEveryRegistrationWithItsNameAndEntry() throws {
        let container = Container()
        let entry = container.register(Service.self, name: "primary") { _ in Service() }
        container.register(Int.self) { (_: any Resolver, value: Int) in value }
        let registrations = try #require(SwinjectRegistrationTable.registrations(of: container))
        #expect(registrations.count == 2)
        let service = try #require(registrations.first { $0.serviceType == Service.self })
        #expect(service.name == "primary")
        #expect(ObjectIdentifier(service.entry) == ObjectIdentifier(entry))
        #expect(service.takesOnlyResolver)
        let int = try #require(registrations.first { $0.serviceType == Int.self })
        #expect(!int.takesOnlyResolver)
    }

    @Test func theTableReadsEachKeyNotItsEntryWithOptionsAndNames() throws {
        struct Option: ServiceKeyOption {
            func isEqualTo(_ another: any ServiceKeyOption) -> Bool { another is Option }
            func hash(into hasher: inout Hasher) {}
            var description: String { "option" }
        }
        let container = Container()
        // `implements` files the Service entry a second time, under Int.
        let entry = container.register(Service.self) { _ in Service() }.implements(Int.self, name: "also")
        container._register(String.self, factory: { (_: any Resolver) in "" }, name: "extension", option: Option())
        let registrations = try #require(SwinjectRegistrationTable.registrations(of: container))
        #expect(registrations.count == 3)
        let forwarded = try #require(registrations.first { $0.serviceType == Int.self })
        #expect(forwarded.name == "also" && !forwarded.hasOption && forwarded.entry === entry)
        let own = try #require(registrations.first { $0.serviceType == Service.self })
        #expect(own.name == nil && !own.hasOption && own.entry === entry)
        let optioned = try #require(registrations.first { $0.serviceType == String.self })
        #expect(optioned.name == "extension" && optioned.hasOption && optioned.takesOnlyResolver)
    }

    @Test func entryFieldsReadNothingOfAnObjectThatIsNoEntry() {
        #expect(SwinjectEntryFields.scope(of: Service()) == nil)
        var known = Set<ObjectIdentifier>()
        #expect(!SwinjectEntryFields.isEntry(Service(), knownClasses: &known))
        #expect(known.isEmpty)
    }

    @Test func entryFieldsReadTheScopeAndOwnerAndWriteTheStorage() throws {
        let container = Container()
        let entry = container.register(Service.self) { _ in Service() }.inObjectScope(.container)
        #expect(SwinjectEntryFields.scope(of: entry) as? ObjectScope === ObjectScope.container)
        #expect(SwinjectEntryFields.container(of: entry) === container)
        #expect(SwinjectEntryFields.storage(of: entry) == nil)
        let kept = PermanentStorage()
        let service = Service()
        kept.instance = service
        SwinjectEntryFields.setStorage(kept, of: entry)
        #expect(container.resolve(Service.self) === service)
    }

    @Test func theLineageReadsParentsAndTellsSynchronizedViews() throws {
        let parent = Container()
        let child = Container(parent: parent)
        #expect(
            ContainerLineage.ancestry(of: child).map(ObjectIdentifier.init)
                == [child, parent].map(ObjectIdentifier.init))
        let view = try #require(child.synchronize() as? Container)
        #expect(ContainerLineage.isSynchronizedView(view))
        #expect(!ContainerLineage.isSynchronizedView(child))
    }

    @Test func theLockIsTheOneSynchronizedResolversTake() async throws {
        let container = Container()
        container.register(Service.self) { _ in Service() }
        let view = UncheckedResolver(container.synchronize())
        let resolved = LockedFlag()
        let started = DispatchSemaphore(value: 0)
        let thread = Thread {
            started.signal()
            _ = view.resolver.resolve(Service.self)
            resolved.set()
        }
        SwinjectContainerLock.withLock(of: container) {
            thread.start()
            started.wait()
            Thread.sleep(forTimeInterval: 0.05)
            #expect(!resolved.isSet, "a synchronized resolve ran while the lock was held")
        }
        for _ in 0..<200 where !resolved.isSet { try await Task.sleep(for: .milliseconds(5)) }
        #expect(resolved.isSet)
    }
}

private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

private struct UncheckedResolver: @unchecked Sendable {
    let resolver: any Resolver
    init(_ resolver: any Resolver) { self.resolver = resolver }
}
