import SwinjectKitSupport

/// The async half of a registration made with an ``AsyncInjection``, type-erased so that the
/// non-generic ``Registration`` field can hold it.
protocol AnyAsyncSource: AnyObject, Sendable {
    /// The async singleton's instance once created, for `shutdown()`.
    func createdInstance() -> CreatedInstance?
    /// The ``InjectionError/asyncOnly`` error of a synchronous request made at `site`: it
    /// names the async spelling, the caller's line and where the service was registered.
    func asyncOnlyError(injector: Injector, name: String?, chain: [String], site: CallSite) -> InjectionError
}

/// How an ``AsyncInjection`` registration produces its service, and an async singleton's state.
///
/// The created instance is published once through an atomic address, as ``Registration`` does for
/// lazy singletons, so that reading a created singleton takes one atomic load and no lock. The
/// creation itself (one in flight, its waiters, cancellation, cycles) is ``once``'s.
final class AsyncSource<Service>: AnyAsyncSource {
    /// Whether the service is created once and kept.
    let isSingleton: Bool
    /// Creates the service.
    let make: AsyncInjection<Service>.Factory
    /// Where the service was registered, for the error of a synchronous request.
    let registrationSite: CallSite
    /// The created singleton's ``ServiceStorage``, retained by this source; singletons only.
    private let createdStorage: CreatedSlot
    /// Creates the singleton once however many tasks ask at the same moment.
    let once = AsyncOnce<ServiceStorage, InjectionError>()

    init(_ injection: AsyncInjection<Service>, registeredAt site: CallSite) {
        isSingleton = injection.isSingleton
        make = injection.make
        registrationSite = site
        createdStorage = CreatedSlot(settable: injection.isSingleton)
    }

    /// The created singleton's storage, once created.
    var created: ServiceStorage? {
        createdStorage.storage
    }

    /// Stores the created singleton. Called once per source, under ``AsyncCreation/lock``, by the
    /// creation that succeeded; `storage` holds a `Service`.
    func publish(_ storage: ServiceStorage) {
        createdStorage.publish(storage)
    }

    func createdInstance() -> CreatedInstance? {
        guard let storage = created else { return nil }
        return CreatedInstance(
            stamp: storage.stamp, value: storage.value(as: Service.self),
            serviceType: TypeNames.qualified(Service.self), claim: storage.claimShutdown)
    }

    func asyncOnlyError(injector: Injector, name: String?, chain: [String], site: CallSite) -> InjectionError {
        let kind = isSingleton ? "asyncSingleton" : "asyncFactory"
        return InjectionError(
            code: .asyncOnly,
            serviceType: TypeNames.qualified(Service.self),
            name: name,
            injectorLabel: injector.label,
            chain: chain,
            detail: "resolve it with `try await injector.getAsync(\(Injector.spelling(of: Service.self, name: name)))` "
                + "(registered with .\(kind) at \(registrationSite.fileID):\(registrationSite.line))",
            fileID: site.fileID,
            line: site.line
        )
    }
}
