import Swinject
import SwinjectKitSupport

/// The injector's two links with Swinject: resolving a registration made with Swinject's own API,
/// and serving an `Injection` registration to a Swinject factory through its forwarder.
extension Injector {
    /// Resolves a service registered through Swinject's own API on `target`'s container. Out of
    /// line for the same reason as ``dispatchSlowly(_:key:site:missing:)``.
    ///
    /// Traced like every creation path, so a cycle that leaves Swinject through an `Injection`
    /// forwarder and comes back here is reported; entered under ``CreationLock`` so that Swinject's
    /// lock is always taken after it (see there).
    @inline(never)
    func resolveFromContainer<Service>(
        _ type: Service.Type, name: String?, target: Injector, site: CallSite
    ) throws(InjectionError) -> Service {
        // The trace and the lock are taken by hand, without closures: this runs as unspecialized
        // generic code, where each closure returning a `Service?` costs metadata lookups.
        let state = ThreadState.current
        let key = RegistryKey(Service.self, name: name)
        guard let frame = state.enter(key) else {
            throw cycleError(Service.self, key: key, state: state, site: site)
        }
        CreationLock.enter(state)
        ExplainedFailures.clear()
        target.shareContainer()
        // Checked first so that no request touches the container until a test opens a scope.
        let resolver =
            ContainerOverrideScopes.anyOpened
            ? ContainerOverrideScopes.overridingContainer(for: target.swinject.container) : nil
        let resolved = (resolver ?? target.swinject.resolver).resolve(Service.self, name: name)
        CreationLock.leave(state)
        let failure = resolved == nil ? target.producedNil(Service.self, name: name, site: site) : nil
        if let cycle = state.leave(frame, succeeded: resolved != nil) { throw outermost(cycle, site: site) }
        guard let resolved else { throw failure ?? InjectionError(code: .creationFailed) }
        return resolved
    }

    /// The error for a Swinject registration of `type` that resolved to nil: the chain of services the
    /// injector was creating, and the first failure an `Injection` forwarder reported inside the
    /// Swinject factories, if any.
    private func producedNil<Service>(_ type: Service.Type, name: String?, site: CallSite) -> InjectionError {
        let state = ThreadState.current
        var chain = state.chain
        if chain.isEmpty { chain = [TypeNames.qualified(type)] }
        var detail =
            "the Swinject factory registered for \(TypeNames.qualified(type)) returned nil (Swinject gives nil "
            + "when a factory's own `r.resolve` finds no registration or yields a value of another type)"
        let explained = state.swallowed == nil ? ExplainedFailures.take() : nil
        if let inner = state.swallowed {
            if inner.chain.count > chain.count { chain = inner.chain }
            if chain.last != inner.serviceType { chain.append(inner.serviceType) }
            chain[chain.count - 1] += " (\(inner.code == .notRegistered ? "not registered" : inner.code.description))"
            // The chain is already the error's own; the inner error adds its message and call site.
            let cause = InjectionError(
                code: inner.code, serviceType: inner.serviceType, name: inner.name,
                injectorLabel: inner.injectorLabel, detail: inner.detail, fileID: inner.fileID, line: inner.line)
            detail += "; inside it: \(cause)"
        } else if let explained, let thrown = explained.thrown {
            // A factory threw: not a nil, and the error is the cause.
            if let head = explained.chain.first, chain.last == head { chain.removeLast() }
            chain += explained.chain
            chain[chain.count - 1] += " (\(explained.reason))"
            let detail =
                explained.chain.count > 1
                ? "inside it, " + explained.chain.joined(separator: " → ") + ": \(explained.reason)" : nil
            return InjectionError(
                code: .factoryThrew, serviceType: TypeNames.qualified(type), name: name, injectorLabel: label,
                chain: chain, detail: detail, fileID: site.fileID, line: site.line, underlyingError: thrown)
        } else if let explained, let head = explained.chain.first {
            // An autoregistered factory inside explained its failure: continue the chain with it.
            if chain.last == head { chain.removeLast() }
            chain += explained.chain
            chain[chain.count - 1] += " (\(explained.reason))"
            detail += "; inside it: " + explained.chain.joined(separator: " → ") + " \(explained.reason)"
        } else {
            chain[chain.count - 1] += " (Swinject factory returned nil)"
            detail +=
                "; resolve its dependencies with `resolveOrThrow` (SwinjectAutoregistration) to name the "
                + "missing one"
        }
        return InjectionError(
            .creationFailed, type, name: name, injector: self, chain: chain, detail: detail, site: site)
    }

    /// Serves a key only from the registry (used by the Swinject forwarders, which must not loop back
    /// into Swinject). A failure becomes nil, as Swinject expects, and is remembered for the error of
    /// the request that started the resolution.
    func resolveRegistered<Service>(_ type: Service.Type, name: String?) -> Service? {
        let target = effective
        let key = RegistryKey(Service.self, name: name)
        let site = CallSite(fileID: "<Swinject resolve>", line: 0)
        let registration: any AnyRegistration
        let owner: Injector
        switch target.find(key) {
        case .registration(let found, let foundOwner): (registration, owner) = (found, foundOwner)
        case .container, .missing:
            if ResolutionTrace.needsSwallowed {
                let chain = ResolutionTrace.chain(appending: TypeNames.qualified(Service.self))
                ResolutionTrace.recordSwallowed(
                    InjectionError(.notRegistered, Service.self, name: name, injector: target, chain: chain, site: site)
                )
            }
            return nil
        }
        do throws(InjectionError) {
            return try owner.produce(registration.cast(to: Service.self), key: key, requester: target, site: site)
        } catch {
            ResolutionTrace.recordSwallowed(error)
            return nil
        }
    }
}
