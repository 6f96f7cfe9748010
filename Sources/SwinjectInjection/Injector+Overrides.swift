import Synchronization

extension Injector {
    /// Runs `operation` with registrations replaced for the current task only.
    ///
    /// `configure` registers fakes on a fresh child injector; inside `operation`, every request to this
    /// injector (`get`, subscripts, property wrappers, implicit creation, Swinject factories resolving an
    /// `Injection` registration) sees the fakes first. The scope is a task-local value: child tasks
    /// inherit it, other tasks, including tests running in parallel, never see it. As with any task-local
    /// value, a `Task {}` started inside `operation` keeps the scope for its whole life, even after
    /// `withOverrides` returns; `Task.detached` does not inherit it.
    ///
    /// An injector on which `withOverrides` was never called skips the task-local read on every
    /// request; after the first call, every request on it pays that read.
    ///
    /// ```swift
    /// let bar = try Injector.default.withOverrides { scope in
    ///     try scope.register(as: Foo.self, injection: .singleton(FakeFoo()))
    /// } operation: {
    ///     try Injector.default.get(Bar.self)
    /// }
    /// ```
    public func withOverrides<Result>(
        _ configure: (Injector) throws -> Void,
        operation: () throws -> Result
    ) rethrows -> Result {
        let scopes = try openScope(configure)
        return try OverrideScopes.$current.withValue(scopes, operation: operation)
    }

    /// The `async` form of ``withOverrides(_:operation:)``.
    public func withOverrides<Result>(
        _ configure: (Injector) throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let scopes = try openScope(configure)
        return try await OverrideScopes.$current.withValue(scopes, operation: operation)
    }

    private func openScope(_ configure: (Injector) throws -> Void) rethrows -> [ObjectIdentifier: Injector] {
        // Set before the scope is visible to any task, and never cleared (see `hasOverrideScopes`).
        hasOverrideScopes.store(true, ordering: .relaxed)
        let scope = effective.makeChild(label: "\(label ?? "injector") overrides", allowsRewrite: true)
        try configure(scope)
        var scopes = OverrideScopes.current
        scopes[ObjectIdentifier(self)] = scope
        return scopes
    }
}

/// The override injectors active on the current task, keyed by the injector they override.
enum OverrideScopes {
    @TaskLocal static var current: [ObjectIdentifier: Injector] = [:]
}
