import SwinjectKitSupport

// What the factory of an autoregistration without runtime arguments does around its initializer:
// it runs inside a frame of the thread's resolution stack, and reports a failure with its own
// registration's details. The factory captures its ``AutoregistrationInfo`` and calls these from
// code compiled where `autoregister` is called (`Generated/`), so they are the only calls a
// resolve makes into this module.
extension AutoregistrationInfo {
    /// Runs `body` inside a frame of the thread's resolution stack, so a dependency cycle is
    /// reported as a ``ResolutionError/Code/cycle`` failure when the factory is entered a third
    /// time, before Swinject's depth limit traps (a second entry is how Swinject's `initCompleted`
    /// cycles end; see ``ResolutionContext``). Returns the failure marker instead of the service
    /// when a cycle was found, here or below.
    ///
    /// Factories with runtime arguments do not use it: a closure may resolve the same service
    /// with other arguments on purpose (a tree built by recursion), which is not a cycle.
    @usableFromInline
    func guarded(_ body: () -> Any) -> Any {
        ResolutionContext.slot.withCurrent { context in
            guard context.enter(self) else { return ResolutionFailureMarker() }
            defer { context.leave() }
            let cycles = context.cycles
            let service = body()
            // A cycle found below this factory left it built from a partial graph: it fails too.
            return context.cycles == cycles ? service : ResolutionFailureMarker()
        }
    }
}

/// Records that the factory of `info` could not resolve a dependency and returns the marker the
/// factory hands back to Swinject.
@usableFromInline
func reportMiss(_ miss: DependencyMiss, info: AutoregistrationInfo) -> Any {
    reportMiss(miss, service: info.service, name: info.name, parameters: info.parameters)
}

/// Records that the initializer of `info` threw `error` and returns the marker the factory hands
/// back to Swinject.
@usableFromInline
func reportThrown(_ error: any Error, info: AutoregistrationInfo) -> Any {
    reportThrown(error, service: info.service, name: info.name, parameters: info.parameters)
}

/// Records the failure of the factory of `info`, whose one `catch` receives both a missing
/// dependency and what a throwing initializer threw, and returns the marker the factory hands
/// back to Swinject.
@usableFromInline
func reportMissOrThrown(_ error: any Error, info: AutoregistrationInfo) -> Any {
    reportMissOrThrown(error, service: info.service, name: info.name, parameters: info.parameters)
}
