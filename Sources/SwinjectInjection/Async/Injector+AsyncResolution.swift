import SwinjectKitSupport

extension Injector {
    /// Returns the service registered for `type` (and `name`), creating it asynchronously when its
    /// registration is an ``AsyncInjection``, and serving every synchronous registration too.
    ///
    /// ```swift
    /// let pool = try await injector.getAsync(ConnectionPool.self)
    /// let clock: any Clock = try await injector.getAsync()
    /// ```
    ///
    /// The async spelling has its own name because Swift prefers an `async` overload in every
    /// async context: an async `get` would make each existing `try injector.get(...)` inside an
    /// async function fail to compile without `await`.
    ///
    /// A created async singleton is read with atomic loads, without a lock or a suspension. The
    /// first requests of an async singleton wait for its one creation in flight (see
    /// `AsyncInjection.asyncSingleton(_:)`).
    ///
    /// - Throws: ``InjectionError`` naming the type, the injector, the chain of services being
    ///   created and the caller's `#fileID:#line`: ``InjectionError/notRegistered``,
    ///   ``InjectionError/cycle`` (also across concurrent creations that wait for each
    ///   other), ``InjectionError/factoryThrew`` (with the factory's error in
    ///   ``InjectionError/underlyingError``), ``InjectionError/cancelled`` when this task was
    ///   cancelled while it waited, or ``InjectionError/creationFailed``.
    public func getAsync<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(InjectionError) -> Service {
        // Fastest path, as `get` has it: an unnamed registration read before, without the lock (see
        // `Registry.published`), whose singleton is created.
        // Benchmark: injector.getAsync.asyncSingleton
        if name == nil, !hasOverrideScopes.isSet(),
            let pointer = registry.published(ObjectIdentifier(Service.self))
        {
            let registration = Unmanaged<Registration<Service>>.fromOpaque(pointer).takeUnretainedValue()
            if let source = registration.asyncSource {
                let typed = source as! AsyncSource<Service>
                if let created = typed.created { return created.value(as: Service.self) }
                // Not created yet: wait for its creation without the registry's lock, which every
                // request of a burst of first requests would otherwise take in turn.
                if typed.isSingleton {
                    return try await produceSingleton(
                        typed, key: RegistryKey(Service.self, name: nil), site: CallSite(fileID: fileID, line: line))
                }
            }
        }
        let key = RegistryKey(Service.self, name: name)
        if !hasOverrideScopes.isSet(),
            case .registration(let found)? = registry.withState({ Registry.State.holding(for: key, in: &$0) })
        {
            let registration = found.cast(to: Service.self)
            if let source = registration.asyncSource {
                let typed = source as! AsyncSource<Service>
                if let created = typed.created {
                    return created.value(as: Service.self)
                }
                // Not created yet: wait for its creation without looking the key up again.
                if typed.isSingleton {
                    return try await produceSingleton(typed, key: key, site: CallSite(fileID: fileID, line: line))
                }
            }
        }
        return try await getAsyncSlowly(type, key: key, site: CallSite(fileID: fileID, line: line))
    }

    /// Everything but a created async singleton: override scopes, parents, creation, and every
    /// synchronous registration.
    @inline(never)
    private nonisolated(nonsending) func getAsyncSlowly<Service>(
        _ type: Service.Type, key: RegistryKey, site: CallSite
    ) async throws(InjectionError) -> Service {
        let target = effective
        if case .registration(let found, let owner) = target.find(key),
            let source = found.cast(to: Service.self).asyncSource
        {
            let typed = source as! AsyncSource<Service>
            if typed.isSingleton {
                return try await owner.produceSingleton(typed, key: key, site: site)
            }
            return try await target.produceFactory(typed, key: key, site: site)
        }
        do throws(InjectionError) {
            return try resolve(type, name: key.name, site: site)
        } catch {
            // The synchronous trace knows only this request; prefix the async creations around it.
            let steps = AsyncChain.current
            guard !steps.isEmpty else { throw error }
            let inner = error.chain.isEmpty ? [error.serviceType] : error.chain
            throw error.withChain(steps.map(\.typeName) + inner)
        }
    }

    /// Runs an async factory in the requesting task, with its key on the task's chain.
    private nonisolated(nonsending) func produceFactory<Service>(
        _ source: AsyncSource<Service>, key: RegistryKey, site: CallSite
    ) async throws(InjectionError) -> Service {
        let steps = AsyncChain.current
        try checkChain(steps, Service.self, key: key, site: site)
        let step = AsyncStep(key: key, type: Service.self, flight: nil)
        let result = await AsyncChain.$current.withValue(steps + [step]) {
            await runFactory(source.make, Service.self, key: key, chain: steps + [step], site: site)
        }
        return try result.get()
    }

    /// Throws ``InjectionError/cycle`` when `key` is already on `steps`.
    func checkChain<Service>(
        _ steps: [AsyncStep], _ type: Service.Type, key: RegistryKey, site: CallSite
    ) throws(InjectionError) {
        guard steps.contains(where: { $0.key == key }) else { return }
        let chain = AsyncChain.names(steps, appending: TypeNames.qualified(type))
        throw InjectionError(.cycle, type, name: key.name, injector: self, chain: chain, site: site)
    }

    /// Runs `make`, turning what it throws into an ``InjectionError``: an injection error (a
    /// dependency that failed) passes through with its own chain, any other error becomes
    /// ``InjectionError/factoryThrew`` with `chain`.
    func runFactory<Service>(
        _ make: AsyncInjection<Service>.Factory,
        _ type: Service.Type,
        key: RegistryKey,
        chain: [AsyncStep],
        site: CallSite
    ) async -> Result<Service, InjectionError> {
        do {
            return .success(try await make(self))
        } catch let error as InjectionError {
            return .failure(error)
        } catch {
            return .failure(
                InjectionError(
                    code: .factoryThrew, serviceType: TypeNames.qualified(type), name: key.name,
                    injectorLabel: label, chain: chain.map(\.typeName), fileID: site.fileID, line: site.line,
                    underlyingError: error))
        }
    }
}

extension InjectionError {
    /// This error with another chain.
    func withChain(_ chain: [String]) -> InjectionError {
        InjectionError(
            code: code, serviceType: serviceType, name: name, injectorLabel: injectorLabel, chain: chain,
            detail: detail, fileID: fileID, line: line, underlyingError: underlyingError, causes: causes)
    }
}

extension Injector {
    /// How many tasks wait for the creation in flight of the async singleton registered for
    /// `Service` in this injector; 0 when none is in flight or there is no such registration. For
    /// tests that must act only once their waiters are queued.
    package func asyncWaiterCount<Service>(of type: Service.Type, name: String? = nil) -> Int {
        guard case .registration(let found, _) = find(RegistryKey(Service.self, name: name)),
            let source = found.cast(to: Service.self).asyncSource as? AsyncSource<Service>
        else { return 0 }
        return source.once.waiterCount
    }
}
