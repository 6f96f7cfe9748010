import Swinject

// The services the autoregistration benchmarks resolve: 20 dependency types, and services
// with 3 or 20 dependencies plus 1 or 2 runtime arguments.

final class D1 {}
final class D2 {}
final class D3 {}
final class D4 {}
final class D5 {}
final class D6 {}
final class D7 {}
final class D8 {}
final class D9 {}
final class D10 {}
final class D11 {}
final class D12 {}
final class D13 {}
final class D14 {}
final class D15 {}
final class D16 {}
final class D17 {}
final class D18 {}
final class D19 {}
final class D20 {}

final class Service3Deps1Args {
    let name: String
    let d1: D1
    let d2: D2
    let d3: D3

    init(name: String, d1: D1, d2: D2, d3: D3) {
        self.name = name
        self.d1 = d1
        self.d2 = d2
        self.d3 = d3
    }
}

final class Service3Deps2Args {
    let name: String
    let count: Int
    let d1: D1
    let d2: D2
    let d3: D3

    init(name: String, count: Int, d1: D1, d2: D2, d3: D3) {
        self.name = name
        self.count = count
        self.d1 = d1
        self.d2 = d2
        self.d3 = d3
    }
}

final class Service20Deps1Args {
    let name: String
    let d1: D1
    let d2: D2
    let d3: D3
    let d4: D4
    let d5: D5
    let d6: D6
    let d7: D7
    let d8: D8
    let d9: D9
    let d10: D10
    let d11: D11
    let d12: D12
    let d13: D13
    let d14: D14
    let d15: D15
    let d16: D16
    let d17: D17
    let d18: D18
    let d19: D19
    let d20: D20

    init(
        name: String, d1: D1, d2: D2, d3: D3, d4: D4, d5: D5, d6: D6, d7: D7, d8: D8, d9: D9, d10: D10, d11: D11,
        d12: D12, d13: D13, d14: D14, d15: D15, d16: D16, d17: D17, d18: D18, d19: D19, d20: D20
    ) {
        self.name = name
        self.d1 = d1
        self.d2 = d2
        self.d3 = d3
        self.d4 = d4
        self.d5 = d5
        self.d6 = d6
        self.d7 = d7
        self.d8 = d8
        self.d9 = d9
        self.d10 = d10
        self.d11 = d11
        self.d12 = d12
        self.d13 = d13
        self.d14 = d14
        self.d15 = d15
        self.d16 = d16
        self.d17 = d17
        self.d18 = d18
        self.d19 = d19
        self.d20 = d20
    }
}

final class Service20Deps2Args {
    let name: String
    let count: Int
    let d1: D1
    let d2: D2
    let d3: D3
    let d4: D4
    let d5: D5
    let d6: D6
    let d7: D7
    let d8: D8
    let d9: D9
    let d10: D10
    let d11: D11
    let d12: D12
    let d13: D13
    let d14: D14
    let d15: D15
    let d16: D16
    let d17: D17
    let d18: D18
    let d19: D19
    let d20: D20

    init(
        name: String, count: Int, d1: D1, d2: D2, d3: D3, d4: D4, d5: D5, d6: D6, d7: D7, d8: D8, d9: D9, d10: D10,
        d11: D11, d12: D12, d13: D13, d14: D14, d15: D15, d16: D16, d17: D17, d18: D18, d19: D19, d20: D20
    ) {
        self.name = name
        self.count = count
        self.d1 = d1
        self.d2 = d2
        self.d3 = d3
        self.d4 = d4
        self.d5 = d5
        self.d6 = d6
        self.d7 = d7
        self.d8 = d8
        self.d9 = d9
        self.d10 = d10
        self.d11 = d11
        self.d12 = d12
        self.d13 = d13
        self.d14 = d14
        self.d15 = d15
        self.d16 = d16
        self.d17 = d17
        self.d18 = d18
        self.d19 = d19
        self.d20 = d20
    }
}

/// Registers the dependencies, `.container`-scoped as an app would register shared services.
func registerDependencies(_ container: Container) {
    container.register(D1.self) { _ in D1() }.inObjectScope(.container)
    container.register(D2.self) { _ in D2() }.inObjectScope(.container)
    container.register(D3.self) { _ in D3() }.inObjectScope(.container)
    container.register(D4.self) { _ in D4() }.inObjectScope(.container)
    container.register(D5.self) { _ in D5() }.inObjectScope(.container)
    container.register(D6.self) { _ in D6() }.inObjectScope(.container)
    container.register(D7.self) { _ in D7() }.inObjectScope(.container)
    container.register(D8.self) { _ in D8() }.inObjectScope(.container)
    container.register(D9.self) { _ in D9() }.inObjectScope(.container)
    container.register(D10.self) { _ in D10() }.inObjectScope(.container)
    container.register(D11.self) { _ in D11() }.inObjectScope(.container)
    container.register(D12.self) { _ in D12() }.inObjectScope(.container)
    container.register(D13.self) { _ in D13() }.inObjectScope(.container)
    container.register(D14.self) { _ in D14() }.inObjectScope(.container)
    container.register(D15.self) { _ in D15() }.inObjectScope(.container)
    container.register(D16.self) { _ in D16() }.inObjectScope(.container)
    container.register(D17.self) { _ in D17() }.inObjectScope(.container)
    container.register(D18.self) { _ in D18() }.inObjectScope(.container)
    container.register(D19.self) { _ in D19() }.inObjectScope(.container)
    container.register(D20.self) { _ in D20() }.inObjectScope(.container)
}

/// The services registered by hand, the way autoregistration would register them.
func registerServicesByHand(_ container: Container) {
    container.register(Service3Deps1Args.self) { (r: any Resolver, name: String) in
        Service3Deps1Args(name: name, d1: r.resolve(D1.self)!, d2: r.resolve(D2.self)!, d3: r.resolve(D3.self)!)
    }
    container.register(Service3Deps2Args.self) { (r: any Resolver, name: String, count: Int) in
        Service3Deps2Args(
            name: name, count: count, d1: r.resolve(D1.self)!, d2: r.resolve(D2.self)!, d3: r.resolve(D3.self)!)
    }
    container.register(Service20Deps1Args.self) { (r: any Resolver, name: String) in
        Service20Deps1Args(
            name: name, d1: r.resolve(D1.self)!, d2: r.resolve(D2.self)!, d3: r.resolve(D3.self)!,
            d4: r.resolve(D4.self)!, d5: r.resolve(D5.self)!, d6: r.resolve(D6.self)!, d7: r.resolve(D7.self)!,
            d8: r.resolve(D8.self)!, d9: r.resolve(D9.self)!, d10: r.resolve(D10.self)!, d11: r.resolve(D11.self)!,
            d12: r.resolve(D12.self)!, d13: r.resolve(D13.self)!, d14: r.resolve(D14.self)!, d15: r.resolve(D15.self)!,
            d16: r.resolve(D16.self)!, d17: r.resolve(D17.self)!, d18: r.resolve(D18.self)!, d19: r.resolve(D19.self)!,
            d20: r.resolve(D20.self)!)
    }
    container.register(Service20Deps2Args.self) { (r: any Resolver, name: String, count: Int) in
        Service20Deps2Args(
            name: name, count: count, d1: r.resolve(D1.self)!, d2: r.resolve(D2.self)!, d3: r.resolve(D3.self)!,
            d4: r.resolve(D4.self)!, d5: r.resolve(D5.self)!, d6: r.resolve(D6.self)!, d7: r.resolve(D7.self)!,
            d8: r.resolve(D8.self)!, d9: r.resolve(D9.self)!, d10: r.resolve(D10.self)!, d11: r.resolve(D11.self)!,
            d12: r.resolve(D12.self)!, d13: r.resolve(D13.self)!, d14: r.resolve(D14.self)!, d15: r.resolve(D15.self)!,
            d16: r.resolve(D16.self)!, d17: r.resolve(D17.self)!, d18: r.resolve(D18.self)!, d19: r.resolve(D19.self)!,
            d20: r.resolve(D20.self)!)
    }
}
