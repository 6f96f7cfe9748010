import SwinjectInjection
import Testing

// A registration is filed under the static type it stores, whatever metatype value the caller
// passes: a `Base.Type` variable holding `Derived.self` registers a `Base`, and a request for
// `Derived` never reads that `Base` as a `Derived`.

protocol PTypedBase: AnyObject {
    var tag: String { get }
}

class TypedBase: PTypedBase {
    let tag: String
    init(_ tag: String = "base") { self.tag = tag }
}

/// Larger than `TypedBase`, so reading a `TypedBase` as one reads past the object.
final class TypedDerived: TypedBase {
    let payload = [Int](repeating: 7, count: 32)
}

class InjectableBase: Injectable {
    required init?(injector: Injector) {}
}

final class InjectableDerived: InjectableBase {
    let payload = [Int](repeating: 7, count: 32)
}

@Suite struct InjectorTypeSafetyTests {
    /// The reported case: `register(as:)` with a `Base.Type` holding `Derived.self`.
    @Test func registerWithABaseMetatypeHoldingDerivedFilesUnderBase() throws {
        let injector = Injector(label: "types")
        let type: TypedBase.Type = TypedDerived.self
        try injector.register(as: type, injection: .singleton(TypedBase("registered")))
        #expect(throws: InjectionError.notRegistered) { try injector.get(TypedDerived.self) }
        #expect(injector[TypedDerived.self] == nil)
        #expect(try injector.get(TypedBase.self).tag == "registered")
        #expect(injector.isRegistered(type: TypedBase.self))
        #expect(!injector.isRegistered(type: TypedDerived.self))
    }

    @Test(arguments: ["singleton", "lazySingleton", "factory"])
    func everyInjectionKindFilesUnderTheStaticType(kind: String) throws {
        let injector = Injector(label: kind)
        let type: TypedBase.Type = TypedDerived.self
        let injection: Injection<TypedBase> =
            switch kind {
            case "singleton": .singleton(TypedBase(kind))
            case "lazySingleton": .lazySingleton { TypedBase(kind) }
            default: .factory { TypedBase(kind) }
            }
        try injector.register(as: type, name: "n", injection: injection)
        #expect(injector[TypedDerived.self, name: "n"] == nil)
        #expect(injector[TypedBase.self, name: "n"]?.tag == kind)
    }

    /// Swifjection's instance binding and closure binding.
    @Test func bindingsWithABaseMetatypeFileUnderBase() throws {
        let injector = Injector(label: "bind")
        let type: TypedBase.Type = TypedDerived.self
        injector.bind(object: TypedBase("object"), toType: type)
        #expect(injector.getObject(withType: TypedDerived.self) == nil)
        #expect(injector.getObject(withType: TypedBase.self)?.tag == "object")

        let other = Injector(label: "closure")
        other.bind(type: type) { _ in TypedBase("closure") }
        #expect(other[TypedDerived.self] == nil)
        #expect(other[TypedBase.self]?.tag == "closure")
    }

    /// `bindSingleton(forType:)` with a base metatype binds the base; the derived type is still created
    /// implicitly as itself.
    @Test func bindSingletonWithABaseMetatypeBindsTheBase() throws {
        let injector = Injector(label: "bindSingleton")
        let type: InjectableBase.Type = InjectableDerived.self
        injector.bindSingleton(forType: type)
        let base = try injector.get(InjectableBase.self)
        #expect(try injector.get(InjectableBase.self) === base)
        let derived = try injector.get(InjectableDerived.self)
        #expect(derived !== base)
        #expect(derived.payload.count == 32)
    }

    /// A protocol existential metatype opens to the dynamic type: the request is for that type, which
    /// is not registered, rather than a read of the existential's registration as that type.
    @Test func existentialMetatypeRequestsTheDynamicType() throws {
        let injector = Injector(label: "existential")
        try injector.register(as: (any PTypedBase).self, injection: .singleton(TypedBase("protocol")))
        try injector.register(as: TypedBase.self, injection: .singleton(TypedBase("base")))
        let type: any PTypedBase.Type = TypedDerived.self
        #expect(throws: InjectionError.notRegistered) { _ = try injector.get(type) }
        #expect(injector.getObject(withType: type) == nil)
        #expect(try injector.get((any PTypedBase).self).tag == "protocol")
        let base: any PTypedBase.Type = TypedBase.self
        #expect(try injector.get(base).tag == "base")
    }
}
