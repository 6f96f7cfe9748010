import SwinjectKitSupport

extension Injector {
    /// Binds `object` to `type` (Swifjection's instance binding): every request for `type` gets
    /// `object`. Replaces an existing binding or registration of `type`.
    ///
    /// ```swift
    /// injector.bind(object: foo, toType: Foo.self)
    /// injector.bind(object: foo, toType: FooProtocol.self)
    /// ```
    public func bind<Service>(
        object: Service,
        toType type: Service.Type,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        bind(Registration(.instance(ServiceBox(object))), as: type, fileID: fileID, line: line)
    }

    /// Binds `type` to a closure that builds it on every request (Swifjection's closure binding).
    /// The closure receives the injector that was asked; returning nil makes the request fail with
    /// ``InjectionError/creationFailed``.
    ///
    /// ```swift
    /// injector.bind(type: FooProtocol.self) { injector in Foo() }
    /// ```
    public func bind<Service>(
        type: Service.Type,
        fileID: String = #fileID,
        line: Int = #line,
        with factory: @escaping @Sendable (Injector) -> Service?
    ) {
        let site = CallSite(fileID: fileID, line: line)
        let registration = Registration<Service>(
            .factory { (injector) throws(InjectionError) -> Service in
                guard let service = factory(injector) else {
                    let detail = "the bound closure returned nil"
                    throw InjectionError(
                        .creationFailed, Service.self, name: nil, injector: injector,
                        chain: ResolutionTrace.currentChain, detail: detail, site: site)
                }
                return service
            })
        bind(registration, as: type, fileID: fileID, line: line)
    }

    /// Binds `type` to `source`: a request for `type` resolves `source` through its own binding,
    /// registration or implicit creation, then casts it (Swifjection's type-to-type binding).
    ///
    /// ```swift
    /// injector.bind(type: Foo.self, toType: FooProtocol.self)
    /// ```
    ///
    /// A request fails with ``InjectionError/creationFailed`` when the `source` instance is not a
    /// `type`.
    public func bind<Source, Service>(
        type source: Source.Type,
        toType type: Service.Type,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        let site = CallSite(fileID: fileID, line: line)
        // Traced like every factory by `produce`, so a binding to itself is a cycle.
        let registration = Registration<Service>(
            .factory { (injector) throws(InjectionError) -> Service in
                let instance = try injector.resolve(Source.self, name: nil, site: site)
                guard let service = instance as? Service else {
                    let detail = "\(TypeNames.qualified(Source.self)) is not a \(TypeNames.qualified(Service.self))"
                    throw InjectionError(
                        .creationFailed, Service.self, name: nil, injector: injector, detail: detail, site: site)
                }
                return service
            })
        bind(registration, as: type, fileID: fileID, line: line)
    }

    /// Binds an ``Injectable`` type as a singleton: created once with `init?(injector:)` and
    /// `injectDependencies(injector:)` on first request, then shared.
    ///
    /// ```swift
    /// injector.bindSingleton(forType: Foo.self)
    /// ```
    public func bindSingleton<Service: Injectable>(
        forType type: Service.Type,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        let site = CallSite(fileID: fileID, line: line)
        let registration = Registration<Service>(
            .lazy { (injector) throws(InjectionError) -> Service in
                try injector.instantiate(Service.self, as: Service.self, site: site)
            })
        bind(registration, as: type, fileID: fileID, line: line)
    }

    /// Returns the object for `type`, or nil when it is not bound or registered and cannot be created
    /// implicitly (Swifjection's accessor). ``get(_:name:fileID:line:)`` says why instead.
    ///
    /// ```swift
    /// let bar = injector.getObject(withType: Bar.self)
    /// ```
    public func getObject<Service>(withType type: Service.Type) -> Service? {
        resolveOptional(type, name: nil, site: CallSite(fileID: "<getObject>", line: 0))
    }

    private func bind<Service>(_ registration: Registration<Service>, as type: Service.Type, fileID: String, line: Int)
    {
        // Replacing never throws.
        try? store(registration, as: type, name: nil, replacing: true, site: CallSite(fileID: fileID, line: line))
    }
}
