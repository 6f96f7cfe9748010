import Dispatch
import Swinject
import SwinjectAutoregistration
import SwinjectInjection
import Synchronization
import Testing

/// Built by a closure whose `resolveOrThrow` always fails, so every resolve runs the failure path.
final class FailureProbe {
    let message: String
    init(message: String) { self.message = message }
}

/// Never registered.
final class NeverRegistered {}

final class RaceLeaf {}

final class RaceNode {
    let leaf: RaceLeaf
    init(leaf: RaceLeaf) { self.leaf = leaf }
}

/// Resolution failure paths and checks run while other threads register: they must neither crash
/// nor race (run under `--sanitize=thread`, these report nothing).
@Suite("Autoregistration diagnostics while registering")
struct AutoregistrationRaceTests {
    /// Each side's iterations: enough that Swinject's dictionary grows (and moves) many times
    /// while the other side reads it.
    private static let rounds = 500

    @Test func failingResolveOrThrowInAFactoryWhileTheInjectorRegisters() throws {
        let injector = Injector(label: "race")
        injector.container.register(FailureProbe.self) { r in
            do throws(ResolutionError) {
                _ = try r.resolveOrThrow(NeverRegistered.self)
                return FailureProbe(message: "resolved")
            } catch {
                return FailureProbe(message: error.description)
            }
        }
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            for round in 0..<Self.rounds {
                if side == 0 {
                    if (try? injector.get(FailureProbe.self))?.message.hasPrefix("Cannot resolve NeverRegistered")
                        != true
                    {
                        failures.increment()
                    }
                } else {
                    _ = try? injector.register(as: Int.self, name: "n\(round)", injection: .factory { round })
                }
            }
        }
        #expect(failures.value == 0)
        let probe = try injector.get(FailureProbe.self)
        #expect(probe.message.contains("Cannot resolve NeverRegistered: it is not registered"))
    }

    @Test func verifyAndGraphWhileAnotherThreadRegistersOnAPlainContainer() throws {
        let untracked = SharedContainer(Container())
        let tracked = SharedContainer(Container())
        tracked.value.autoregister(RaceNode.self, initializer: RaceNode.init)
        let missing = Counter()
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            for round in 0..<Self.rounds {
                if side == 0 {
                    untracked.value.register(Int.self, name: "n\(round)") { _ in round }
                    tracked.value.register(Int.self, name: "n\(round)") { _ in round }
                } else if round.isMultiple(of: 50) {
                    // RaceLeaf is missing in both, so each check has exactly one thing to report.
                    if (try? tracked.value.verify()) == nil { missing.increment() }
                    _ = untracked.value.dependencyGraph()
                    _ = try? untracked.value.verify()
                    _ = tracked.value.dependencyGraph()
                }
            }
        }
        #expect(missing.value == Self.rounds / 50)
        #expect(untracked.value.dependencyGraph().nodes.count == Self.rounds)
        #expect(tracked.value.dependencyGraph().nodes.count == Self.rounds + 2)
    }
}

/// A container handed to the threads of one test. `@unchecked Sendable`: Swinject guards its
/// registrations with its own lock; sharing the container while registering is what is tested.
private struct SharedContainer: @unchecked Sendable {
    let value: Container
    init(_ value: Container) { self.value = value }
}

/// A counter shared by the threads of one test (an atomic, which the thread sanitizer sees).
private final class Counter: Sendable {
    private let storage = Atomic<Int>(0)
    func increment() { storage.add(1, ordering: .relaxed) }
    var value: Int { storage.load(ordering: .relaxed) }
}
