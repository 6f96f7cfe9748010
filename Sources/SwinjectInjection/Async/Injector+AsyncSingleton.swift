import SwinjectKitSupport

extension Injector {
    /// Creates the async singleton of `source` once, or waits for the creation in flight.
    ///
    /// ``AsyncOnce`` holds the rule: the creation runs in a task of its own, which inherits the
    /// requester's task-local values (its chain, override scopes) and priority; a cancelled request
    /// returns at once while the creation goes on for the other requests; a failure is not kept; a
    /// creation that would wait for one waiting for it fails with a cycle.
    nonisolated(nonsending) func produceSingleton<Service>(
        _ source: AsyncSource<Service>, key: RegistryKey, site: CallSite
    ) async throws(InjectionError) -> Service {
        let steps = AsyncChain.current
        try checkChain(steps, Service.self, key: key, site: site)
        // The creation this request runs in, if any: it will wait for the one it asks for.
        let waiter = steps.last(where: { $0.flight != nil })?.flight
        let outcome = await source.once.value(
            within: waiter,
            label: TypeNames.qualified(Service.self),
            existing: { source.created },
            keep: { storage in source.publish(storage) },
            make: { creation in
                let chain = steps + [AsyncStep(key: key, type: Service.self, flight: creation)]
                let result = await AsyncChain.$current.withValue(chain) {
                    await self.runFactory(source.make, Service.self, key: key, chain: chain, site: site)
                }
                return result.map { ServiceStorage($0) }
            })
        switch outcome {
        case .created(let storage):
            return storage.value(as: Service.self)
        case .failed(let error):
            throw error
        case .cycle(let labels):
            let chain = steps.map(\.typeName) + labels.map { "\($0)" }
            throw InjectionError(.cycle, Service.self, name: key.name, injector: self, chain: chain, site: site)
        case .cancelled(let othersWaiting):
            throw cancelledError(Service.self, key: key, othersWaiting: othersWaiting, site: site)
        }
    }

    /// The error of a request whose task was cancelled (built only then: it names types), in the
    /// requesting task, where its chain is. It says what became of the creation: it goes on for
    /// the other tasks waiting, or, when none waits, it was cancelled too.
    private func cancelledError<Service>(
        _ type: Service.Type, key: RegistryKey, othersWaiting: Bool, site: CallSite
    ) -> InjectionError {
        InjectionError(
            .cancelled, type, name: key.name, injector: self,
            chain: AsyncChain.names(AsyncChain.current, appending: TypeNames.qualified(type)),
            detail: AsyncCancellationText.detail(othersWaiting: othersWaiting),
            site: site)
    }
}
