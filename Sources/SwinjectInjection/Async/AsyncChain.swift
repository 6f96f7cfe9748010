import SwinjectKitSupport

/// One service being created asynchronously: its key, its type, and the singleton creation it
/// runs in (nil for an async factory, which runs in the requesting task).
struct AsyncStep: Sendable {
    let key: RegistryKey
    let type: any Any.Type
    let flight: AsyncCreation?

    var typeName: String { TypeNames.qualified(type) }
}

/// The chain of services being created asynchronously on the current task, outermost first.
///
/// A task-local value rather than the thread-local trace of synchronous requests: an async
/// creation may resume on another thread after each `await`, and child tasks (`async let`, task
/// groups) and the task that runs a singleton's creation inherit it. A key that comes back on the
/// chain is a cycle inside one line of creation; a cycle across concurrent creations (one task
/// creates `A` and waits for `B` while another creates `B` and waits for `A`) is found by
/// ``AsyncOnce`` from the creations the chain records.
enum AsyncChain {
    @TaskLocal static var current: [AsyncStep] = []

    /// Type names of `steps` followed by `last`.
    static func names(_ steps: [AsyncStep], appending last: String) -> [String] {
        steps.map(\.typeName) + [last]
    }
}
