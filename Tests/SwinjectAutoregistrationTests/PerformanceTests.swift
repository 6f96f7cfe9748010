import Foundation
import Swinject
import SwinjectAutoregistration
import Testing

/// Timings printed for a manual check in release builds: `AUTOREGISTRATION_PERF=1 swift test -c release
/// --filter PerformanceTests`. The benchmarks proper live in the Benchmarks package.
@Suite("Performance (manual)", .enabled(if: ProcessInfo.processInfo.environment["AUTOREGISTRATION_PERF"] != nil))
struct PerformanceTests {
    private func time(_ iterations: Int, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let elapsed = clock.measure { for _ in 0..<iterations { body() } }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return seconds / Double(iterations) * 1e9
    }

    @Test func resolveAgainstHandWritten() {
        func base() -> Container {
            let container = Container()
            container.register(Leaf.self) { _ in Leaf() }
            container.register(Cat.self) { _ in Cat(name: "Tom") }
            container.register((any Animal).self) { _ in Cat(name: "Mimi") }
            return container
        }
        let auto = base()
        auto.autoregister(Pair.self, initializer: Pair.init)
        auto.autoregister(PetOwner.self, argument: String.self, initializer: PetOwner.init(name:pet:))
        let hand = base()
        hand.register(Pair.self) { r in Pair(leaf: r.resolve(Leaf.self)!, cat: r.resolve(Cat.self)!) }
        hand.register(PetOwner.self) { (r, name: String) in PetOwner(name: name, pet: r.resolve((any Animal).self)!) }
        for _ in 0..<3 {
            let autoDeps = time(100_000) { _ = auto.resolve(Pair.self) }
            let handDeps = time(100_000) { _ = hand.resolve(Pair.self) }
            let autoArgument = time(100_000) { _ = auto.resolve(PetOwner.self, argument: "A") }
            let handArgument = time(100_000) { _ = hand.resolve(PetOwner.self, argument: "A") }
            print("2 deps: auto \(Int(autoDeps)) ns, hand \(Int(handDeps)) ns, ratio \(autoDeps / handDeps)")
            print(
                "1 arg: auto \(Int(autoArgument)) ns, hand \(Int(handArgument)) ns, ratio \(autoArgument / handArgument)"
            )
        }
    }

    @Test func verifyScaling() throws {
        func seconds(services: Int) throws -> Double {
            let container = Container()
            container.autoregister(Leaf.self, initializer: Leaf.init)
            container.register(Cat.self) { _ in Cat(name: "Tom") }
            for index in 0..<services {
                container.autoregister(Pair.self, name: "pair\(index)", initializer: Pair.init)
            }
            let clock = ContinuousClock()
            var failure: (any Error)?
            let elapsed = clock.measure {
                do { _ = try container.verify() } catch { failure = error }
            }
            if let failure { throw failure }
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        let small = try seconds(services: 10_000)
        let large = try seconds(services: 100_000)
        print("verify: 10k \(small) s, 100k \(large) s, ratio \(large / small)")
    }
}
