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

/// A container with three dependencies and `ProfiledService` (one `String` argument), registered
/// by `autoregister` or by hand.
func profiledServiceContainer(automatic: Bool) -> Container {
    let container = Container()
    container.register(ProfiledDep1.self) { _ in ProfiledDep1() }
    container.register(ProfiledDep2.self) { _ in ProfiledDep2() }
    container.register(ProfiledDep3.self) { _ in ProfiledDep3() }
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
    _ = injector[ProfiledLazySingleton.self]
    return injector
}()

final class VerifyLeaf {
    init(dependency: VerifyDependency) {}
}

/// `verify()` on `count` autoregistered services (the second argument), for callgrind's
/// `--toggle-collect='*verify*'`.
func runVerify(services count: Int) throws {
    let container = Container()
    container.register(VerifyDependency.self) { _ in VerifyDependency() }
    for index in 0..<count {
        container.autoregister(VerifyLeaf.self, name: "leaf\(index)", initializer: VerifyLeaf.init)
    }
    let start = Date()
    try container.verify()
    print("verify \(count): \(Date().timeIntervalSince(start)) s")
}

// Runs one benchmark workload a few times, outside the harness, for profilers:
//
//   swift build -c release --package-path Benchmarks --product ProfileLoad
//   valgrind --tool=callgrind Benchmarks/.build/release/ProfileLoad toml 2
//
// Workloads: json-comments, json, toml, toml-rss, plist, plist-baseline, property, sizes, verify
// (the second argument is then the number of services), injector-singleton, injector-lazy, injected-singleton
// (100,000 reads per repetition), autoregister-resolve, manual-resolve (10,000 resolves of a
// service with 3 dependencies and 1 argument per repetition).

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
    let container = profiledServiceContainer(automatic: workload == "autoregister-resolve")
    var count = 0
    for _ in 0..<(repetitions * 10_000) {
        count &+= container.resolve(ProfiledService.self, argument: "name") == nil ? 0 : 1
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
default:
    print("unknown workload \(workload)")
    exit(2)
}
print("\(workload) x\(repetitions): \(Date().timeIntervalSince(start)) s")
