import SwinjectInjection
import Testing

// The Swifjection README example: `Foo` and `Bar` created implicitly, `FakeFoo` bound in a test.

class Foo: Injectable {
    required convenience init(injector: Injector) {
        self.init()
    }
}

class Bar: Injectable {
    var foo: Foo?

    required convenience init(injector: Injector) {
        self.init()
    }

    func injectDependencies(injector: Injector) {
        foo = injector.getObject(withType: Foo.self)
    }
}

class FakeFoo: Foo {
    // override any functions needed for testing
}

enum Outer {
    final class Foo: Injectable {
        init() {}
        convenience init?(injector: Injector) { self.init() }
    }
}

@Suite struct SwifjectionExampleTests {
    @Test func barGetsARealFooImplicitly() throws {
        let injector = Injector()
        let bar = try #require(injector.getObject(withType: Bar.self))
        #expect(bar.foo != nil)
        #expect(!(bar.foo is FakeFoo))
    }

    @Test func fakeFooBoundInATest() {
        let injector = Injector(label: "spec")
        let foo = FakeFoo()
        injector.bind(object: foo, toType: Foo.self)

        let barSUT = injector.getObject(withType: Bar.self)

        #expect(barSUT?.foo === foo)
    }

    @Test func keysAreTypeIdentitiesNotNames() throws {
        let injector = Injector()
        let outer = Outer.Foo()
        injector.bind(object: outer, toType: Outer.Foo.self)
        #expect(injector[Outer.Foo.self] === outer)
        let plain = try #require(injector[Foo.self])
        #expect(plain !== outer as AnyObject)
        let error = try #require(capture { _ = try injector.get(Outer.Foo.self, name: "x") })
        #expect(error.serviceType == "SwinjectInjectionTests.Outer.Foo")
        try injector.unregister(type: Outer.Foo.self)
        #expect(injector[Outer.Foo.self] !== outer)
    }
}
