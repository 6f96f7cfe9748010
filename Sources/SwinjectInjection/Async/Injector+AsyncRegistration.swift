import SwinjectKitSupport

extension Injector {
    /// Registers how to provide `type` (optionally under `name`) asynchronously.
    ///
    /// ```swift
    /// try injector.register(as: ConnectionPool.self, injection: .asyncSingleton {
    ///     try await ConnectionPool.connect(to: "db.internal:5432")
    /// })
    /// ```
    ///
    /// Resolve the service with ``getAsync(_:name:fileID:line:isolation:)``. A synchronous
    /// ``get(_:name:fileID:line:)``, subscript or property wrapper read of it throws (or gives nil)
    /// with ``InjectionError/asyncOnly``, and a Swinject factory's `r.resolve` of it gives nil.
    ///
    /// - Throws: ``InjectionError/alreadyRegistered`` when `type` and `name` are already
    ///   registered and the injector does not allow rewrites.
    /// - Returns: The injector, so registrations can be chained.
    @discardableResult
    public func register<Service>(
        as type: Service.Type = Service.self,
        name: String? = nil,
        injection: AsyncInjection<Service>,
        fileID: String = #fileID,
        line: Int = #line
    ) throws(InjectionError) -> Injector {
        let site = CallSite(fileID: fileID, line: line)
        let source = AsyncSource(injection, registeredAt: site)
        // Synchronous requests never run this: `produce` throws the source's error, which names the
        // caller's line. It stands for the registration's kind, which has to have a factory.
        let registration = Registration<Service>(
            .factory { (injector) throws(InjectionError) -> Service in
                throw source.asyncOnlyError(
                    injector: injector, name: name, chain: ResolutionTrace.currentChain, site: site)
            },
            asyncSource: source
        )
        try store(registration, as: type, name: name, replacing: allowsRewrite, site: site)
        return self
    }

    /// How a user writes `type`'s metatype, followed by the name argument when there is one:
    /// `Pool.self`, `(any Clock).self, name: "utc"`. A protocol's metatype prints as
    /// `Clock.Protocol`, which tells an existential from a concrete type.
    static func spelling<Service>(of type: Service.Type, name: String? = nil) -> String {
        let typeName = TypeNames.short(type)
        let isExistential = TypeNames.short(Swift.type(of: type)).hasSuffix(".Protocol")
        let metatype = isExistential && !typeName.hasPrefix("any ") ? "(any \(typeName)).self" : "\(typeName).self"
        guard let name else { return metatype }
        return metatype + ", name: \"\(name)\""
    }
}
