import SwinjectInjection
import SwinjectKitTesting
import Testing

// A `Task {}` started inside `withOverrides` sees the scope by task-local inheritance, for its whole
// life, whether or not another scope is open on the injector when it reads.

@Suite struct InjectorOverrideTaskTests {
    /// Starts a task inside an override scope that reads after the scope has returned; while it reads,
    /// another scope is open on the same injector when `otherScopeOpen` is true.
    func readAfterScope(otherScopeOpen: Bool) async throws -> String? {
        let injector = Injector(label: "tasks")
        try injector.register(as: (any PGreeter).self, injection: .singleton(Greeter("real")))
        let (scopeEnded, signalScopeEnded) = AsyncStream<Void>.makeStream()
        let task = try withOverrides(
            .injector(injector) { scope in
                try scope.register(as: (any PGreeter).self, injection: .singleton(Greeter("fake")))
            }
        ) {
            Task { () -> String? in
                for await _ in scopeEnded { break }
                return injector[(any PGreeter).self]?.greeting
            }
        }
        guard otherScopeOpen else {
            signalScopeEnded.yield()
            return await task.value
        }
        return try await withOverrides(.injector(injector) { _ in }) { () async -> String? in
            signalScopeEnded.yield()
            return await task.value
        }
    }

    /// The reported case: no other scope open while the task reads.
    @Test func taskStartedInScopeSeesTheOverrideAfterTheScopeEnds() async throws {
        #expect(try await readAfterScope(otherScopeOpen: false) == "fake")
    }

    /// Variant: another scope open while the task reads gives the same answer.
    @Test func answerDoesNotDependOnOtherScopes() async throws {
        #expect(try await readAfterScope(otherScopeOpen: true) == "fake")
    }

    /// A detached task inherits no task-local value, so it sees the registrations themselves.
    @Test func detachedTaskDoesNotSeeTheScope() async throws {
        let injector = Injector(label: "detached")
        try injector.register(as: (any PGreeter).self, injection: .singleton(Greeter("real")))
        let greeting = try await withOverrides(
            .injector(injector) { scope in
                try scope.register(as: (any PGreeter).self, injection: .singleton(Greeter("fake")))
            }
        ) { () async -> String? in
            await Task.detached { injector[(any PGreeter).self]?.greeting }.value
        }
        #expect(greeting == "real")
    }
}
