import Swinject
import SwinjectInjection

protocol Clock: Sendable {
    var name: String { get }
}

struct SystemClock: Clock {
    var name: String { "system" }
}

struct TestClock: Clock {
    let name: String
    init(_ name: String = "test") { self.name = name }
}

/// Reads the clock through whatever resolver built it.
struct Scheduler {
    let clock: (any Clock)?
}

/// A service under test whose one dependency the tests replace.
final class Token: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
}

enum Shared {
    /// One injector every test of the target overrides, as an application's injector would be.
    static let injector: Injector = {
        let injector = Injector(label: "shared")
        // Registrations on a new injector cannot collide; a failure would show as tests' misses.
        _ = try? injector.register(as: (any Clock).self, injection: .singleton(SystemClock()))
        _ = try? injector.register(as: Token.self, injection: .factory { Token(-1) })
        return injector
    }()

    /// One Swinject container every test of the target overrides. Tests run in parallel, so it is
    /// the synchronized view of the registered container, as Swinject requires for resolving from
    /// several threads; override scopes are its children and share its lock.
    nonisolated(unsafe) static let container: Container = {
        let container = Container()
        container.register((any Clock).self) { _ in SystemClock() }
        container.register(Scheduler.self) { r in Scheduler(clock: r.resolve((any Clock).self)) }
        container.register(Token.self) { _ in Token(-1) }
        return container.synchronize() as? Container ?? container
    }()
}
