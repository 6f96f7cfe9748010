import Atomics

// The override scopes are read by every request an injector answers (`effective`), so the
// task-local table and the code that opens a scope stay in the runtime product. The spelling tests
// use lives in SwinjectKitTesting (`withOverrides(.injector(_:_:))` and the `.overriding` test
// trait); the methods below forward to the same mechanism for code written against them.

extension Injector {
    /// Runs `operation` with registrations replaced for the current task only.
    ///
    /// `configure` registers fakes on a fresh child injector; inside `operation`, every request to this
    /// injector sees the fakes first. The scope is a task-local value: child tasks inherit it, other
    /// tasks, including tests running in parallel, never see it.
    @available(
        *, deprecated,
        message:
            "import SwinjectKitTesting and use withOverrides(.injector(injector) { ... }) { ... } or the .overriding(injector) test trait"
    )
    public func withOverrides<Result>(
        _ configure: (Injector) throws -> Void,
        operation: () throws -> Result
    ) rethrows -> Result {
        let scopes = try openOverrideScope(configure)
        return try OverrideScopes.$current.withValue(scopes, operation: operation)
    }

    /// The `async` form of ``withOverrides(_:operation:)``.
    @available(
        *, deprecated,
        message:
            "import SwinjectKitTesting and use withOverrides(.injector(injector) { ... }) { ... } or the .overriding(injector) test trait"
    )
    public func withOverrides<Result>(
        _ configure: (Injector) throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let scopes = try openOverrideScope(configure)
        return try await OverrideScopes.$current.withValue(scopes, operation: operation)
    }

    /// The override table of the current task with a new scope for this injector, whose child
    /// injector `configure` filled. Bind it with `OverrideScopes.$current.withValue` to open it.
    ///
    /// An injector on which this was never called skips the task-local read on every request;
    /// after the first call, every request on it pays that read.
    package func openOverrideScope(_ configure: (Injector) throws -> Void) rethrows -> [ObjectIdentifier: Injector] {
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
package enum OverrideScopes {
    @TaskLocal package static var current: [ObjectIdentifier: Injector] = [:]
}
