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
    /// with ``InjectionError/Code/asyncOnly``, and a Swinject factory's `r.resolve` of it gives nil.
    ///
    /// - Throws: ``InjectionError/Code/alreadyRegistered`` when `type` and `name` are already
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
        let source = AsyncSource(injection)
        let kind = injection.isSingleton ? "asyncSingleton" : "asyncFactory"
        let registration = Registration<Service>(
            .factory { (injector) throws(InjectionError) -> Service in
                // Inside the synchronous trace the key is already the chain's last step.
                let chain = ResolutionTrace.currentChain
                throw InjectionError(
                    code: .asyncOnly,
                    serviceType: String(reflecting: Service.self),
                    name: name,
                    injectorLabel: injector.label,
                    chain: chain,
                    detail: "resolve it with `try await injector.getAsync(\(Self.spelling(of: Service.self)))` "
                        + "(registered with .\(kind) at \(fileID):\(line))",
                    fileID: fileID,
                    line: line
                )
            },
            asyncSource: source
        )
        try store(
            registration, as: type, name: name, replacing: allowsRewrite, site: CallSite(fileID: fileID, line: line))
        return self
    }

    /// How a user writes `type`'s metatype: `Pool.self`, `(any Clock).self`. A protocol's
    /// metatype prints as `Clock.Protocol`, which tells an existential from a concrete type.
    static func spelling<Service>(of type: Service.Type) -> String {
        let name = String(describing: type)
        let isExistential = String(describing: Swift.type(of: type)).hasSuffix(".Protocol")
        return isExistential && !name.hasPrefix("any ") ? "(any \(name)).self" : "\(name).self"
    }
}
