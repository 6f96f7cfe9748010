import SwinjectInjection
import Synchronization

protocol PGreeter: AnyObject {
    var greeting: String { get }
}

final class Greeter: PGreeter {
    let greeting: String
    init(_ greeting: String = "hello") { self.greeting = greeting }
}

protocol PMissing {}

/// Counts calls across threads.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    @discardableResult
    func increment() -> Int { value.add(1, ordering: .relaxed).newValue }

    var count: Int { value.load(ordering: .relaxed) }
}

/// Runs `body` and returns the `InjectionError` it throws, if any.
func capture(_ body: () throws -> Void) -> InjectionError? {
    do {
        try body()
        return nil
    } catch {
        return error as? InjectionError
    }
}
