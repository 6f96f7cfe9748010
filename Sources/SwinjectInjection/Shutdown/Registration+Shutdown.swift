import SwinjectKitSupport

extension Registration {
    /// The singleton this registration holds or created, with its ``CreationOrder`` stamp: a fixed
    /// instance, a created lazy singleton or a created async singleton. Factories keep nothing, so
    /// they have nothing to shut down (their instances belong to whoever asked for them).
    func createdInstance() -> CreatedInstance? {
        if let asyncSource { return asyncSource.createdInstance() }
        let storage: ServiceStorage
        if let instance {
            storage = instance
        } else if isLazy, let created {
            storage = created
        } else {
            return nil
        }
        return CreatedInstance(
            stamp: storage.stamp, value: storage.value(as: Service.self),
            serviceType: TypeNames.qualified(Service.self), claim: storage.claimShutdown)
    }
}
