import Atomics

extension Registration {
    /// The singleton this registration holds or created, with its ``CreationOrder`` stamp: a fixed
    /// instance, a created lazy singleton or a created async singleton. Factories keep nothing, so
    /// they have nothing to shut down (their instances belong to whoever asked for them).
    func createdInstance() -> CreatedInstance? {
        if let asyncSource {
            guard let created = asyncSource.createdInstance() else { return nil }
            return CreatedInstance(
                stamp: created.stamp, value: created.value, serviceType: created.serviceType, claim: claimShutdown)
        }
        let storage: ServiceStorage
        if let instance {
            storage = instance
        } else if isLazy, let created {
            storage = created
        } else {
            return nil
        }
        return CreatedInstance(
            stamp: creationStamp.load(ordering: .relaxed), value: storage.value(as: Service.self),
            serviceType: String(reflecting: Service.self), claim: claimShutdown)
    }

    /// Claims the shutdown of this registration's instance; true for the first caller only.
    @Sendable func claimShutdown() -> Bool {
        shutdownClaimed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
    }
}
