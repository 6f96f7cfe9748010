import SwinjectKitSupport

#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// A process-wide counter that stamps every instance an injector stores or creates, so that
/// `shutdown()` can close services in reverse order of creation across lazy singletons, async
/// singletons, fixed instances and instances a Swinject container recorded with `shutsDown()`.
///
/// One counter for every injector and container: a service of one injector may depend on a
/// service of another, and the order between them is what shutdown must reverse.
enum CreationOrder {
    private static let counter = StoredAtomic<UInt64>(0)

    /// A stamp greater than every stamp handed out before it (never 0).
    static func next() -> UInt64 {
        counter.wrappingIncrementThenLoad(by: 1, ordering: .relaxed)
    }
}

/// An instance a registration or container holds, with the stamp of its creation.
///
/// `@unchecked Sendable`: `value` is a singleton, which the injector already hands to every thread
/// (the contract documented on ``Injection``); the rest is immutable and `Sendable`.
struct CreatedInstance: @unchecked Sendable {
    /// The ``CreationOrder`` stamp; later creations have greater stamps.
    let stamp: UInt64
    /// The instance, as the service type it was registered as.
    let value: Any
    /// The service type, as `String(reflecting:)` prints it, for error messages.
    let serviceType: String
    /// Claims the shutdown of the instance: true for the first caller only.
    let claim: @Sendable () -> Bool
}
