// The spellings of Discoverer (lewandowskit93/Discoverer 0.0.3) and Swifjection that differ from
// ours, so code written for them compiles after changing its import. Where our spelling says more,
// theirs is deprecated with a fix-it to ours.

extension Injection {
    /// The service this injection provides now (Discoverer's `instance()`): the singleton, a new
    /// instance from the factory, or the lazy singleton, created on first call and kept in `self`.
    ///
    /// ```swift
    /// var injection = Injection<PFoo>.lazySingleton(nil, { Foo() })
    /// let foo = injection.instance()
    /// ```
    public mutating func instance() -> Service {
        switch self {
        case .singleton(let value):
            return value
        case .factory(let factory):
            return factory()
        case .lazySingleton(let value?, _):
            return value
        case .lazySingleton(nil, let factory):
            let created = factory()
            self = .lazySingleton(created, factory)
            return created
        }
    }
}

extension InjectionError {
    /// Discoverer's `invalidType`: a registration produced an instance of another type.
    @available(*, deprecated, renamed: "creationFailed")
    public static let invalidType = InjectionError(code: .creationFailed)
}

/// Discoverer's name for ``InjectionError``.
@available(*, deprecated, renamed: "InjectionError")
public typealias InjectorError = InjectionError

extension Injector {
    /// The Discoverer spelling of ``register(as:name:injection:fileID:line:)-(_,_,Injection<Service>,_,_)``.
    @discardableResult
    public func register<Service>(
        as type: Service.Type = Service.self,
        name: String? = nil,
        injectable injection: Injection<Service>,
        fileID: String = #fileID,
        line: Int = #line
    ) throws(InjectionError) -> Injector {
        try register(as: type, name: name, injection: injection, fileID: fileID, line: line)
    }

    /// Discoverer's initializer.
    @available(*, deprecated, renamed: "init(allowsRewrite:)")
    public convenience init(allowRewrite: Bool) {
        self.init(label: nil, allowsRewrite: allowRewrite)
    }

    /// Discoverer's name for ``allowsRewrite``.
    @available(*, deprecated, renamed: "allowsRewrite")
    public var allowRewrite: Bool { allowsRewrite }
}
