import SwinjectKitSupport

// The override scopes are read by every request an injector answers (`effective`), so the
// task-local table and the code that opens a scope stay in the runtime product. The spelling tests
// use lives in SwinjectKitTesting: `withOverrides(.injector(_:_:))` and the `.overriding` test
// trait.

extension Injector {
    /// The override table of the current task with a new scope for this injector, whose child
    /// injector `configure` filled. Bind it with `OverrideScopes.$current.withValue` to open it.
    ///
    /// An injector on which this was never called skips the task-local read on every request;
    /// after the first call, every request on it pays that read.
    package func openOverrideScope(_ configure: (Injector) throws -> Void) rethrows -> [ObjectIdentifier: Injector] {
        // Set before the scope is visible to any task, and never cleared (see `hasOverrideScopes`).
        hasOverrideScopes.set()
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
