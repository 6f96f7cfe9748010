import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// SwinjectPropertyLoader 1.0's tests of `Assembler.applyPropertyLoader(_:)` and
/// `Resolver.applyPropertyLoader(_:)`, against our public API.
@Suite struct MigrationVersionOneTests {
    final class Person {
        var name: String?
        var count: Int?
    }

    struct PersonAssembly: Assembly {
        func assemble(container: Container) {
            container.register(Person.self) { r in
                let person = Person()
                person.name = r.property("name")
                person.count = r.property("count")
                return person
            }
        }
    }

    /// The reported case: properties applied to an assembler are visible to assemblies applied later.
    @Test func assemblerAppliesAPropertyLoader() throws {
        let assembler = Assembler()
        try assembler.applyPropertyLoader(JsonPropertyLoader(bundle: Fixtures.bundle, name: "properties"))
        assembler.apply(assembly: PersonAssembly())
        let person = try #require(assembler.resolver.resolve(Person.self))
        #expect(person.name == "Mike")
        #expect(person.count == 100)
    }

    /// Variant: through the assembler's resolver, and a later loader replacing a key.
    @Test func resolverAppliesPropertyLoadersInOrder() throws {
        let assembler = Assembler([PersonAssembly()])
        try assembler.resolver.applyPropertyLoader(JsonPropertyLoader(bundle: Fixtures.bundle, name: "properties"))
        try assembler.resolver.applyPropertyLoader(JsonPropertyLoader(string: #"{"name": "Ann"}"#))
        let person = try #require(assembler.resolver.resolve(Person.self))
        #expect(person.name == "Ann")
        #expect(person.count == 100)
    }

    @Test func failingLoaderThrowsThroughTheAssembler() {
        let assembler = Assembler()
        #expect(throws: PropertyLoaderError.missingResource) {
            try assembler.applyPropertyLoader(JsonPropertyLoader(bundle: Fixtures.bundle, name: "absent"))
        }
    }
}

/// A loader written against 1.0's Swift 2 protocol name.
@available(*, deprecated, message: "exercises the deprecated 1.0 name")
struct MigrationLegacyLoader: PropertyLoaderType {
    func load() throws -> [String: Any] { ["legacy": "yes"] }
}

@Suite struct MigrationLegacyNameTests {
    @available(*, deprecated, message: "exercises the deprecated 1.0 name")
    @Test func loaderWrittenAgainstPropertyLoaderTypeApplies() throws {
        let container = Container()
        try container.applyPropertyLoader(MigrationLegacyLoader())
        #expect(container.property("legacy") == "yes")
    }
}
