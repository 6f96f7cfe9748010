import BenchmarkInputs
import Foundation
import PropertyFormats
import Swinject
import SwinjectAutoregistration
import SwinjectInjection
import SwinjectPropertyLoader

final class VerifyDependency {}
final class ProfiledSingleton: Sendable {}
final class ProfiledDep1 {}
final class ProfiledDep2 {}
final class ProfiledDep3 {}
final class ProfiledService {
    init(name: String, d1: ProfiledDep1, d2: ProfiledDep2, d3: ProfiledDep3) {}
}

final class Wide1 {}
final class Wide2 {}
final class Wide3 {}
final class Wide4 {}
final class Wide5 {}
final class Wide6 {}
final class Wide7 {}
final class Wide8 {}
final class Wide9 {}
final class Wide10 {}
final class Wide11 {}
final class Wide12 {}
final class Wide13 {}
final class Wide14 {}
final class Wide15 {}
final class Wide16 {}
final class Wide17 {}
final class Wide18 {}
final class Wide19 {}
final class Wide20 {}
final class WideService {
    init(
        name: String, count: Int, d1: Wide1, d2: Wide2, d3: Wide3, d4: Wide4, d5: Wide5, d6: Wide6, d7: Wide7,
        d8: Wide8, d9: Wide9, d10: Wide10, d11: Wide11, d12: Wide12, d13: Wide13, d14: Wide14, d15: Wide15, d16: Wide16,
        d17: Wide17, d18: Wide18, d19: Wide19, d20: Wide20
    ) {}
}

/// `WideService` with one runtime argument (the `autoregister.resolve.20deps.1args` shape).
final class WideServiceOneArgument {
    init(
        name: String, d1: Wide1, d2: Wide2, d3: Wide3, d4: Wide4, d5: Wide5, d6: Wide6, d7: Wide7,
        d8: Wide8, d9: Wide9, d10: Wide10, d11: Wide11, d12: Wide12, d13: Wide13, d14: Wide14, d15: Wide15, d16: Wide16,
        d17: Wide17, d18: Wide18, d19: Wide19, d20: Wide20
    ) {}
}

/// Registers `Wide1` to `Wide20`, `.container`-scoped.
func registerWideDependencies(_ container: Container) {
    container.register(Wide1.self) { _ in Wide1() }.inObjectScope(.container)
    container.register(Wide2.self) { _ in Wide2() }.inObjectScope(.container)
    container.register(Wide3.self) { _ in Wide3() }.inObjectScope(.container)
    container.register(Wide4.self) { _ in Wide4() }.inObjectScope(.container)
    container.register(Wide5.self) { _ in Wide5() }.inObjectScope(.container)
    container.register(Wide6.self) { _ in Wide6() }.inObjectScope(.container)
    container.register(Wide7.self) { _ in Wide7() }.inObjectScope(.container)
    container.register(Wide8.self) { _ in Wide8() }.inObjectScope(.container)
    container.register(Wide9.self) { _ in Wide9() }.inObjectScope(.container)
    container.register(Wide10.self) { _ in Wide10() }.inObjectScope(.container)
    container.register(Wide11.self) { _ in Wide11() }.inObjectScope(.container)
    container.register(Wide12.self) { _ in Wide12() }.inObjectScope(.container)
    container.register(Wide13.self) { _ in Wide13() }.inObjectScope(.container)
    container.register(Wide14.self) { _ in Wide14() }.inObjectScope(.container)
    container.register(Wide15.self) { _ in Wide15() }.inObjectScope(.container)
    container.register(Wide16.self) { _ in Wide16() }.inObjectScope(.container)
    container.register(Wide17.self) { _ in Wide17() }.inObjectScope(.container)
    container.register(Wide18.self) { _ in Wide18() }.inObjectScope(.container)
    container.register(Wide19.self) { _ in Wide19() }.inObjectScope(.container)
    container.register(Wide20.self) { _ in Wide20() }.inObjectScope(.container)
}

/// A container with twenty `.container`-scoped dependencies (as the benchmark registers them),
/// `WideService` (a `String` and an `Int` argument) and `WideServiceOneArgument` (a `String`),
/// registered by `autoregister` or by hand.
func wideServiceContainer(automatic: Bool) -> Container {
    let container = Container()
    registerWideDependencies(container)
    if automatic {
        container.autoregister(
            WideService.self, arguments: String.self, Int.self, initializer: WideService.init)
        container.autoregister(
            WideServiceOneArgument.self, argument: String.self, initializer: WideServiceOneArgument.init)
    } else {
        container.register(WideServiceOneArgument.self) { (r: any Resolver, name: String) in
            WideServiceOneArgument(
                name: name, d1: r.resolve(Wide1.self)!, d2: r.resolve(Wide2.self)!,
                d3: r.resolve(Wide3.self)!, d4: r.resolve(Wide4.self)!, d5: r.resolve(Wide5.self)!,
                d6: r.resolve(Wide6.self)!, d7: r.resolve(Wide7.self)!, d8: r.resolve(Wide8.self)!,
                d9: r.resolve(Wide9.self)!, d10: r.resolve(Wide10.self)!, d11: r.resolve(Wide11.self)!,
                d12: r.resolve(Wide12.self)!, d13: r.resolve(Wide13.self)!, d14: r.resolve(Wide14.self)!,
                d15: r.resolve(Wide15.self)!, d16: r.resolve(Wide16.self)!, d17: r.resolve(Wide17.self)!,
                d18: r.resolve(Wide18.self)!, d19: r.resolve(Wide19.self)!, d20: r.resolve(Wide20.self)!)
        }
        container.register(WideService.self) { (r: any Resolver, name: String, count: Int) in
            WideService(
                name: name, count: count, d1: r.resolve(Wide1.self)!, d2: r.resolve(Wide2.self)!,
                d3: r.resolve(Wide3.self)!, d4: r.resolve(Wide4.self)!, d5: r.resolve(Wide5.self)!,
                d6: r.resolve(Wide6.self)!, d7: r.resolve(Wide7.self)!, d8: r.resolve(Wide8.self)!,
                d9: r.resolve(Wide9.self)!, d10: r.resolve(Wide10.self)!, d11: r.resolve(Wide11.self)!,
                d12: r.resolve(Wide12.self)!, d13: r.resolve(Wide13.self)!, d14: r.resolve(Wide14.self)!,
                d15: r.resolve(Wide15.self)!, d16: r.resolve(Wide16.self)!, d17: r.resolve(Wide17.self)!,
                d18: r.resolve(Wide18.self)!, d19: r.resolve(Wide19.self)!, d20: r.resolve(Wide20.self)!)
        }
    }
    return container
}

/// A container with three `.container`-scoped dependencies (as the benchmark registers them) and
/// `ProfiledService` (one `String` argument), registered by `autoregister` or by hand.
func profiledServiceContainer(automatic: Bool) -> Container {
    let container = Container()
    container.register(ProfiledDep1.self) { _ in ProfiledDep1() }.inObjectScope(.container)
    container.register(ProfiledDep2.self) { _ in ProfiledDep2() }.inObjectScope(.container)
    container.register(ProfiledDep3.self) { _ in ProfiledDep3() }.inObjectScope(.container)
    if automatic {
        container.autoregister(ProfiledService.self, argument: String.self, initializer: ProfiledService.init)
    } else {
        container.register(ProfiledService.self) { (r: any Resolver, name: String) in
            ProfiledService(
                name: name, d1: r.resolve(ProfiledDep1.self)!, d2: r.resolve(ProfiledDep2.self)!,
                d3: r.resolve(ProfiledDep3.self)!)
        }
    }
    return container
}
/// Built by the same three-dependency initializer whichever `autoregister` registers it.
final class PackOrFixedService {
    init(d1: ProfiledDep1, d2: ProfiledDep2, d3: ProfiledDep3) {}
}

/// Registers `service` through the parameter-pack overload: generic over `each D`, this call has
/// no fixed-arity overload to choose.
func autoregisterThroughPack<Service, each D>(
    _ container: Container, _ service: Service.Type, initializer: @escaping (repeat each D) -> Service
) {
    container.autoregister(service, initializer: initializer)
}

/// A container with the three `.container`-scoped dependencies and `PackOrFixedService`,
/// autoregistered through the parameter pack (`pack`) or through the fixed-arity overload.
func packOrFixedContainer(pack: Bool) -> Container {
    let container = Container()
    container.register(ProfiledDep1.self) { _ in ProfiledDep1() }.inObjectScope(.container)
    container.register(ProfiledDep2.self) { _ in ProfiledDep2() }.inObjectScope(.container)
    container.register(ProfiledDep3.self) { _ in ProfiledDep3() }.inObjectScope(.container)
    if pack {
        autoregisterThroughPack(container, PackOrFixedService.self, initializer: PackOrFixedService.init)
    } else {
        container.autoregister(PackOrFixedService.self, initializer: PackOrFixedService.init)
    }
    return container
}

final class ProfiledLazySingleton: Sendable {}
struct ProfiledReader {
    @Injected(injector: profiledInjector) var service: ProfiledSingleton
}
let profiledInjector: Injector = {
    let injector = Injector(label: "profile")
    do {
        try injector.register(as: ProfiledSingleton.self, injection: .singleton(ProfiledSingleton()))
        try injector.register(as: ProfiledLazySingleton.self, injection: .lazySingleton { ProfiledLazySingleton() })
    } catch {
        fatalError("\(error)")
    }
    injector.container.register(ProfiledContainerService.self) { _ in ProfiledContainerService() }
    _ = injector[ProfiledLazySingleton.self]
    return injector
}()

/// A service registered on a container, read through the injector and through Swinject's
/// synchronized resolver (the `injector.get.container` benchmark and its baseline).
final class ProfiledContainerService {}
let profiledSynchronizedResolver: any Resolver = {
    let container = Container()
    container.register(ProfiledContainerService.self) { _ in ProfiledContainerService() }
    return container.synchronize()
}()

final class VerifyLeaf {
    init(dependency: VerifyDependency) {}
}

/// A container of `count` autoregistered services that each need one shared dependency, as the
/// `verify.100k` benchmark builds it.
func verifyContainer(services count: Int) -> Container {
    let container = Container()
    container.register(VerifyDependency.self) { _ in VerifyDependency() }
    for index in 0..<count {
        container.autoregister(VerifyLeaf.self, name: "leaf\(index)", initializer: VerifyLeaf.init)
    }
    return container
}

/// `verify()` on `count` autoregistered services (the second argument), for callgrind's
/// `--toggle-collect='*verify*'`.
func runVerify(services count: Int) throws {
    let container = verifyContainer(services: count)
    let start = Date()
    _ = try container.verify()
    print("verify \(count): \(Date().timeIntervalSince(start)) s")
}

// Runs one benchmark workload a few times, outside the harness, for profilers:
//
//   swift build -c release --package-path Benchmarks --product ProfileLoad --disable-build-manifest-caching
//   valgrind --tool=callgrind Benchmarks/.build/release/ProfileLoad toml 2
//
// Workloads: json-comments, json, toml, toml-rss, plist, plist-baseline, property, sizes, verify
// (the second argument is then the number of services), verify-repeat (median of 40 in a
// row on one container, the second argument is the number of services), injector-singleton, injector-lazy, injected-singleton
// (100,000 reads per repetition), autoregister-resolve, manual-resolve (10,000 resolves of a
// service with 3 dependencies and 1 argument per repetition), autoregister-resolve-20,
// manual-resolve-20 (1,000 resolves of a service with 20 dependencies and 2 arguments),
// autoregister-resolve-20-1, manual-resolve-20-1 (the same with 1 argument), pack-resolve,
// fixed-resolve (10,000 resolves of a service with 3 dependencies autoregistered through the
// parameter pack or through the fixed-arity overload), autoregister-first
// (time of the first autoregister on each of n fresh containers of 20 registrations),
// injector-container, synchronized-resolve (100,000 reads of a container-registered service);
// the graph, shape, placeholder, property-in-factory and injector-async-singleton workloads are
// listed in their own files.

/// Builds the autoregistered and the hand-registered container, resolves once from each, then
/// resolves `count` times from the one `automatic` asks for and prints how many calls produced
/// a service.
///
/// Both containers exist whichever side is measured, as in the benchmark process. Swinject asks
/// the Swift runtime for generic metadata on every resolve, and the length of those cache probes
/// depends on all the metadata the process has made: with only one container built, the two
/// sides' instruction counts differed by up to 4% in those probes alone.
@inline(__always)
func printResolveCount(
    automatic: Bool,
    _ make: (Bool) -> Container,
    count: Int,
    _ resolve: (Container) -> AnyObject?
) {
    let automaticContainer = make(true)
    let manualContainer = make(false)
    precondition(resolve(automaticContainer) != nil && resolve(manualContainer) != nil)
    let container = automatic ? automaticContainer : manualContainer
    var produced = 0
    for _ in 0..<count { produced &+= resolve(container) == nil ? 0 : 1 }
    print(produced)
}

let arguments = CommandLine.arguments
let workload = arguments.count > 1 ? arguments[1] : "toml"
let repetitions = arguments.count > 2 ? Int(arguments[2]) ?? 1 : 1

func load(_ loader: any PropertyLoader) throws -> Container {
    let container = Container()
    try container.applyPropertyLoader(loader)
    return container
}

if workload == "sizes" {
    // Bytes of each input, and how many properties a container holds after loading it.
    print("json", GeneratedInputs.json(comments: true).count, GeneratedInputs.json(comments: false).count)
    print("toml", GeneratedInputs.toml().count, "plist", GeneratedInputs.xmlPlist().count)
    let toml = try load(TomlPropertyLoader(data: GeneratedInputs.toml()))
    let json = try load(JsonPropertyLoader(data: GeneratedInputs.json(comments: true)))
    let plist = try load(PlistPropertyLoader(data: GeneratedInputs.xmlPlist()))
    print(
        "properties: toml", toml.propertyKeys.count, "json", json.propertyKeys.count, "plist", plist.propertyKeys.count)
    exit(0)
}
let start = Date()
if try runGraphWorkload(workload, repetitions: repetitions) || runShapeWorkload(workload, repetitions: repetitions)
    || runPlaceholderWorkload(workload, repetitions: repetitions)
    || runPropertyWorkload(workload, repetitions: repetitions)
{
    print("\(workload) x\(repetitions): \(Date().timeIntervalSince(start)) s")
    exit(0)
}
switch workload {
case "json-comments", "json":
    let data = GeneratedInputs.json(comments: workload == "json-comments")
    for _ in 0..<repetitions { _ = try load(JsonPropertyLoader(data: data)) }
case "toml":
    let data = GeneratedInputs.toml()
    for _ in 0..<repetitions { _ = try load(TomlPropertyLoader(data: data)) }
case "toml-rss":
    let data = GeneratedInputs.toml()
    for _ in 0..<5 { _ = try load(TomlPropertyLoader(data: data)) }
    ProcessMemory.trimAllocator()
    let before = ProcessMemory.residentBytes() ?? 0
    for _ in 0..<repetitions { _ = try load(TomlPropertyLoader(data: data)) }
    ProcessMemory.trimAllocator()
    print("resident growth over \(repetitions) loads: \(((ProcessMemory.residentBytes() ?? 0) - before) / 1024) KiB")
case "container-lifetime":
    weak var weakContainer: Container?
    do {
        let container = try load(JsonPropertyLoader(string: #"{ "k": 1 }"#))
        weakContainer = container
    }
    print("container freed:", weakContainer == nil)
case "verify":
    try runVerify(services: repetitions)
case "verify-repeat":
    // Wall-clock: 40 verify() calls in a row on one container of `repetitions` services, as the
    // harness runs each verify row in its own process; prints the median.
    let container = verifyContainer(services: repetitions)
    let clock = ContinuousClock()
    var times: [Duration] = []
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let faultsBefore = usage.ru_minflt
    for _ in 0..<43 { times.append(try clock.measure { _ = try container.verify() }) }
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let faults = Double(usage.ru_minflt - faultsBefore) / 43
    print("verify \(repetitions) median", times.dropFirst(3).sorted()[20], "page faults per call", faults)
case "plist":
    let data = GeneratedInputs.xmlPlist()
    for _ in 0..<repetitions { _ = try load(PlistPropertyLoader(data: data)) }
case "plist-baseline":
    // The benchmark's baseline, for comparing whole-program instruction counts with `plist`.
    let data = GeneratedInputs.xmlPlist()
    for _ in 0..<repetitions { _ = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) }
case "property":
    let container = try load(JsonPropertyLoader(string: #"{ "k": 42 }"#))
    var sum = 0
    for _ in 0..<(repetitions * 100_000) { sum &+= (container.property("k") as Int?) ?? 0 }
    print(sum)
case "autoregister-resolve", "manual-resolve":
    printResolveCount(
        automatic: workload == "autoregister-resolve", profiledServiceContainer, count: repetitions * 10_000
    ) {
        $0.resolve(ProfiledService.self, argument: "name")
    }
case "pack-resolve", "fixed-resolve":
    printResolveCount(automatic: workload == "pack-resolve", packOrFixedContainer, count: repetitions * 10_000) {
        $0.resolve(PackOrFixedService.self)
    }
case "autoregister-resolve-20", "manual-resolve-20":
    printResolveCount(
        automatic: workload == "autoregister-resolve-20", wideServiceContainer, count: repetitions * 1_000
    ) {
        $0.resolve(WideService.self, arguments: "name", 2)
    }
case "autoregister-resolve-20-1", "manual-resolve-20-1":
    printResolveCount(
        automatic: workload == "autoregister-resolve-20-1", wideServiceContainer, count: repetitions * 1_000
    ) {
        $0.resolve(WideServiceOneArgument.self, argument: "name")
    }
case "autoregister-first":
    // Wall-clock of the first `autoregister` on each of `repetitions` fresh containers holding
    // twenty hand registrations (the first also pays what the process does once per type).
    let clock = ContinuousClock()
    for index in 0..<repetitions {
        let container = Container()
        registerWideDependencies(container)
        let elapsed = clock.measure {
            container.autoregister(
                WideServiceOneArgument.self, argument: String.self, initializer: WideServiceOneArgument.init)
        }
        print("container \(index + 1): \(elapsed)")
    }
case "injector-container", "synchronized-resolve":
    var count = 0
    for _ in 0..<(repetitions * 100_000) {
        if workload == "injector-container" {
            count &+= (try? profiledInjector.get(ProfiledContainerService.self)) == nil ? 0 : 1
        } else {
            count &+= profiledSynchronizedResolver.resolve(ProfiledContainerService.self) == nil ? 0 : 1
        }
    }
    print(count)
case "injector-singleton", "injector-lazy", "injected-singleton":
    var count = 0
    for _ in 0..<(repetitions * 100_000) {
        switch workload {
        case "injector-singleton": count &+= (try? profiledInjector.get(ProfiledSingleton.self)) == nil ? 0 : 1
        case "injector-lazy": count &+= (try? profiledInjector.get(ProfiledLazySingleton.self)) == nil ? 0 : 1
        default: count &+= ObjectIdentifier(ProfiledReader().service).hashValue & 1
        }
    }
    print(count)
case "injector-async-singleton":
    print(asyncSingletonReads(repetitions: repetitions))
default:
    print("unknown workload \(workload)")
    exit(2)
}
print("\(workload) x\(repetitions): \(Date().timeIntervalSince(start)) s")
