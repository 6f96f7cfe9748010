import Swinject
import SwinjectPropertyLoader
import Testing

private final class Person {
    var name: String!
    var count: Int?
    var team: String = ""
}

private final class PersonAssembly: Assembly {
    nonisolated(unsafe) var loadedName: String?

    func assemble(container: Container) {
        container.register(Person.self) { r in
            let person = Person()
            person.name = r.property("name")
            person.count = r.property("count")
            person.team = r.property("team") ?? ""
            return person
        }
    }

    func loaded(resolver: any Resolver) {
        loadedName = resolver.property("name")
    }
}

@Suite struct ResolverKindsTests {
    private let loader = DictionaryLoader(values: ["name": "Mike", "count": 100, "team": "Giants"])

    private func registerPerson(_ container: Container) {
        container.register(Person.self) { r in
            let person = Person()
            person.name = r.property("name")
            person.count = r.property("count")
            person.team = r.property("team")!
            return person
        }
    }

    @Test func containerResolvesPropertiesInFactories() throws {
        let container = Container()
        try container.applyPropertyLoader(loader)
        registerPerson(container)
        let person = try #require(container.resolve(Person.self))
        #expect(person.name == "Mike")
        #expect(person.count == 100)
        #expect(person.team == "Giants")
        let name: String? = container.property("name")
        #expect(name == "Mike")
    }

    @Test func synchronizedResolverSeesProperties() throws {
        let container = Container()
        try container.applyPropertyLoader(loader)
        registerPerson(container)
        let resolver = container.synchronize()
        let person = try #require(resolver.resolve(Person.self))
        #expect(person.name == "Mike")
        let count: Int? = resolver.property("count")
        #expect(count == 100)
    }

    @Test func childContainerSeesParentAndOverrides() throws {
        let parent = Container()
        try parent.applyPropertyLoader(loader)
        let child = Container(parent: parent)
        registerPerson(child)
        #expect(child.resolve(Person.self)?.name == "Mike")
        try child.applyPropertyLoader(DictionaryLoader(values: ["name": "Child"]))
        #expect(child.resolve(Person.self)?.name == "Child")
        #expect(child.resolve(Person.self)?.count == 100)
        let parentName: String? = parent.property("name")
        #expect(parentName == "Mike")
    }

    @Test func childCreatedBeforeParentLoadsStillSeesParent() throws {
        let parent = Container()
        let child = Container(parent: parent)
        let before: String? = child.property("name")
        #expect(before == nil)
        try parent.applyPropertyLoader(loader)
        let after: String? = child.property("name")
        #expect(after == "Mike")
        let synchronizedChild = child.synchronize()
        let viaSynchronized: Int? = synchronizedChild.property("count")
        #expect(viaSynchronized == 100)
    }

    @Test func assemblerAppliesLoadersBeforeAssemblies() throws {
        let assembly = PersonAssembly()
        let assembler = try Assembler(assemblies: [assembly], propertyLoaders: [loader])
        #expect(assembly.loadedName == "Mike")
        let person = try #require(assembler.resolver.resolve(Person.self))
        #expect(person.name == "Mike")
        #expect(person.team == "Giants")
    }

    @Test func assemblerUsesTheGivenContainer() throws {
        let container = Container()
        _ = try Assembler(assemblies: [PersonAssembly()], propertyLoaders: [loader], container: container)
        #expect(container.resolve(Person.self)?.count == 100)
    }

    @Test func childAssemblerSeesParentPropertiesAndOverrides() throws {
        let parent = try Assembler(assemblies: [], propertyLoaders: [loader])
        let assembly = PersonAssembly()
        let child = try Assembler(
            assemblies: [assembly], parentAssembler: parent,
            propertyLoaders: [DictionaryLoader(values: ["team": "Jets"])])
        #expect(assembly.loadedName == "Mike")
        let person = try #require(child.resolver.resolve(Person.self))
        #expect(person.name == "Mike")
        #expect(person.team == "Jets")
        let parentTeam: String? = parent.resolver.property("team")
        #expect(parentTeam == "Giants")
    }

    @Test func failingLoaderInAssemblerThrows() {
        #expect(throws: FailingLoader.Failure.self) {
            _ = try Assembler(assemblies: [PersonAssembly()], propertyLoaders: [FailingLoader()])
        }
    }

    @Test func containerWithoutLoadersHasNoProperties() {
        let container = Container()
        let value: String? = container.property("name")
        #expect(value == nil)
        #expect(container.propertyKeys.isEmpty)
    }
}
