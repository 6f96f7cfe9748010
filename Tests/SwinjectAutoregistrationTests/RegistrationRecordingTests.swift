import Swinject
import Testing

@testable import SwinjectAutoregistration

/// The manifest is built from a log when it is first read, and the registrations made before
/// tracking started are read from Swinject then, not when tracking starts. These tests pin what
/// every reader of the manifest sees.
@Suite("Registration recording")
struct RegistrationRecordingTests {
    @Test func registrationsMadeBeforeTrackingAreReadWhenTheManifestIsRead() throws {
        let container = Container()
        container.register(Leaf.self) { _ in Leaf() }
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        container.autoregister(Pair.self, initializer: Pair.init)
        let records = RegistrationTracking.knownRecords(from: container)
        #expect(records.isComplete)
        let names = records.records.map { String(describing: $0.serviceType) }
        #expect(Set(names) == ["Leaf", "Cat", "Pair"])
        // Older than every observed registration: the imported ones come first.
        #expect(names.last == "Pair")
        _ = try container.verify()
    }

    @Test func anAutoregistrationReplacingAnImportedKeyKeepsItsDependencies() {
        let container = Container()
        container.register(Pair.self) { _ in Pair(leaf: Leaf(), cat: Cat(name: "Tom")) }
        container.enableRegistrationTracking()
        container.autoregister(Pair.self, initializer: Pair.init)
        #expect(throws: VerificationError.self) { try container.verify() }
        let graph = container.dependencyGraph()
        #expect(graph.mermaid.contains("Leaf"))
        let pairs = RegistrationTracking.knownRecords(from: container).records.filter { $0.serviceType == Pair.self }
        #expect(pairs.count == 1)
        #expect(pairs.first?.autoregistration?.dependencies.count == 2)
    }

    @Test func theManifestGrowsAfterItWasFirstRead() throws {
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        #expect(RegistrationTracking.knownRecords(from: container).records.count == 1)
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        container.autoregister(Pair.self, initializer: Pair.init)
        let records = RegistrationTracking.knownRecords(from: container).records
        #expect(records.map { String(describing: $0.serviceType) } == ["Leaf", "Cat", "Pair"])
        #expect(records[2].autoregistration?.dependencies.count == 2)
        _ = try container.verify()
    }

    @Test func eachContainerKeepsItsOwnRecordsWhenRegistrationsAlternate() throws {
        // The per-thread slot that remembers the last tracked container must never file one
        // container's registration in another's manifest.
        let first = Container()
        let second = Container()
        for index in 0..<50 {
            first.autoregister(Leaf.self, name: "first\(index)", initializer: Leaf.init)
            second.autoregister(Leaf.self, name: "second\(index)", initializer: Leaf.init)
        }
        let firstNames = RegistrationTracking.knownRecords(from: first).records.compactMap(\.name)
        let secondNames = RegistrationTracking.knownRecords(from: second).records.compactMap(\.name)
        #expect(firstNames == (0..<50).map { "first\($0)" })
        #expect(secondNames == (0..<50).map { "second\($0)" })
    }

    @Test func aContainerAtAReusedAddressStartsItsOwnTracking() throws {
        // A container freed and another made in its place (the allocator often hands the same
        // address back): the slot remembers the last container by its identity, which the first
        // one's deallocation invalidated, so the new container gets its own manifest and never
        // the freed one's.
        for index in 0..<200 {
            let container = Container()
            container.autoregister(Leaf.self, name: "leaf\(index)", initializer: Leaf.init)
            let records = RegistrationTracking.knownRecords(from: container).records
            #expect(records.map(\.name) == ["leaf\(index)"])
            #expect(records.first?.autoregistration != nil)
        }
    }

    @Test func aChildAtAReusedAddressKeepsItsRegistrationsApartFromItsParent() throws {
        // The same with children of one parent: every child's autoregistration is filed in the
        // child's manifest, the parent's stays as it was, and the parent's next one is its own.
        let parent = Container()
        parent.autoregister(Cat.self) { Cat(name: "Tom") }
        for index in 0..<20 {
            let child = Container(parent: parent)
            child.autoregister(Pair.self, name: "pair\(index)", initializer: Pair.init)
            child.autoregister(Leaf.self, initializer: Leaf.init)
            let records = RegistrationTracking.knownRecords(from: child).records.filter { $0.serviceType != Cat.self }
            #expect(records.map(\.name) == ["pair\(index)", nil])
            _ = try child.verify()
            parent.autoregister(Cat.self, name: "cat\(index)") { Cat(name: "Tom") }
        }
        let names = RegistrationTracking.knownRecords(from: parent).records.map(\.name)
        #expect(names == [nil] + (0..<20).map { "cat\($0)" })
    }

    @Test(arguments: [1_000, 20_000])
    func manyAutoregistrationsAreAllRecordedWithTheirDependencies(count: Int) throws {
        // Sized so that a pass over the manifest per registration (a rebuilt snapshot, a copy of
        // a growing array) would take minutes at 20,000.
        let container = Container()
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        container.autoregister(Leaf.self, initializer: Leaf.init)
        for index in 0..<count {
            container.autoregister(Pair.self, name: "pair\(index)", initializer: Pair.init)
        }
        let records = RegistrationTracking.knownRecords(from: container).records
        #expect(records.count == count + 2)
        #expect(records.allSatisfy { $0.serviceType != Pair.self || $0.autoregistration?.dependencies.count == 2 })
        _ = try container.verify()
    }

    @Test func aBehaviorThatAutoregistersWhileSwinjectRegistersKeepsBothDetails() throws {
        // The details of a registration are handed to the tracker on the registering thread; a
        // behavior that autoregisters from inside `_register` must not take or lose the outer
        // registration's details.
        let container = Container()
        container.addBehavior(AutoregisteringBehavior())
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        container.autoregister(Pair.self, initializer: Pair.init)
        let records = RegistrationTracking.knownRecords(from: container).records
        let pair = try #require(records.first { $0.serviceType == Pair.self })
        let leaf = try #require(records.first { $0.serviceType == Leaf.self })
        #expect(
            pair.autoregistration?.dependencies.map(\.lookupType).map(ObjectIdentifier.init) == [
                ObjectIdentifier(Leaf.self), ObjectIdentifier(Cat.self),
            ])
        #expect(leaf.autoregistration?.parameters.isEmpty == true)
        _ = try container.verify()
    }
}

/// Autoregisters `Leaf` the first time it sees `Pair` registered.
private final class AutoregisteringBehavior: Behavior {
    private var done = false

    func container<Type, Service>(
        _ container: Container, didRegisterType type: Type.Type, toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        guard type == Pair.self, !done else { return }
        done = true
        container.autoregister(Leaf.self, initializer: Leaf.init)
    }
}
