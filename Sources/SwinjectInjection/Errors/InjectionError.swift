import SwinjectKitSupport

/// An error from an ``Injector``: what was asked for, where, and why it failed.
///
/// The ``description`` names the service type (fully qualified, so `Outer.Foo` and `Foo` differ),
/// the registration name, the injector's label, the resolution chain and the caller's `#fileID:#line`.
///
/// The kind of failure is the ``code-swift.property``, spelled in kebab-case (`not-registered`).
/// Two errors are equal when their codes are equal, whatever their service and message (compare
/// `description` for the text). Each code has a static error value, so a test matches a code with
/// `#expect(throws:)`, and a `catch` clause matches it even where other errors may be thrown:
///
/// ```swift
/// #expect(throws: InjectionError.notRegistered) {
///     try injector.get((any PFoo).self)
/// }
///
/// do {
///     try loadSettings()
///     try injector.unregister(type: (any PFoo).self)
/// } catch InjectionError.notRegistered {
///     // only this code
/// }
/// ```
public struct InjectionError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The kind of an ``InjectionError``.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable kebab-case spelling, such as `not-registered`.
        public let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// Nothing is registered for the type and name, and the type cannot be created implicitly.
        package static let notRegistered = Code("not-registered")
        /// A registration already exists for the type and name and the injector does not allow rewrites.
        package static let alreadyRegistered = Code("already-registered")
        /// Creating the service needs the service itself (`A → B → A`).
        package static let cycle = Code("cycle")
        /// A registration exists but produced no instance (`init?(injector:)` returned nil, a Swinject
        /// factory returned nil, or a type-to-type binding's target is not of the requested type).
        package static let creationFailed = Code("creation-failed")
        /// The service has only an async registration (``AsyncInjection``) and was asked for
        /// synchronously; resolve it with `try await injector.getAsync(_:)`.
        package static let asyncOnly = Code("async-only")
        /// A factory threw: an async one, or a Swinject factory registered with a throwing closure
        /// (alone or below the requested service); ``InjectionError/underlyingError`` holds its error.
        package static let factoryThrew = Code("factory-threw")
        /// The task waiting for an async service was cancelled; the message says whether the
        /// creation goes on for other waiting tasks or was cancelled too.
        package static let cancelled = Code("cancelled")
        /// One or more services threw from `shutdown()`; ``InjectionError/causes`` has one error per
        /// service, each with the service's type and its error in ``InjectionError/underlyingError``.
        package static let shutdownFailed = Code("shutdown-failed")

        /// The code's spelling, such as `not-registered`.
        public var description: String { rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// The requested service type, as `String(reflecting:)` prints it (module-qualified).
    public let serviceType: String
    /// The registration name, if one was requested.
    public let name: String?
    /// The label of the injector that was asked, if it has one.
    public let injectorLabel: String?
    /// The chain of types being created when the error happened, outermost first.
    public let chain: [String]
    /// Extra detail about the failure, if any.
    public let detail: String?
    /// The `#fileID` of the code that made the request.
    public let fileID: String
    /// The `#line` of the code that made the request.
    public let line: Int
    /// The error that caused this one: what an async factory or a `shutdown()` threw.
    public let underlyingError: (any Error)?
    /// The errors this one collects, such as one per service whose `shutdown()` threw.
    public let causes: [InjectionError]

    /// Creates an error; the library creates these, tests may build them to compare codes.
    package init(
        code: Code,
        serviceType: String = "",
        name: String? = nil,
        injectorLabel: String? = nil,
        chain: [String] = [],
        detail: String? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        underlyingError: (any Error)? = nil,
        causes: [InjectionError] = []
    ) {
        self.underlyingError = underlyingError
        self.causes = causes
        self.code = code
        self.serviceType = serviceType
        self.name = name
        self.injectorLabel = injectorLabel
        self.chain = chain
        self.detail = detail
        self.fileID = fileID
        self.line = line
    }

    /// Nothing is registered for the type and name, and the type cannot be created implicitly.
    /// Equals every error with the code `not-registered`.
    public static let notRegistered = InjectionError(code: .notRegistered)
    /// A registration already exists for the type and name and the injector does not allow rewrites.
    /// Equals every error with the code `already-registered`.
    public static let alreadyRegistered = InjectionError(code: .alreadyRegistered)
    /// Creating the service needs the service itself (`A → B → A`).
    /// Equals every error with the code `cycle`.
    public static let cycle = InjectionError(code: .cycle)
    /// A registration exists but produced no instance (`init?(injector:)` returned nil, a Swinject
    /// factory returned nil, or a type-to-type binding's target is not of the requested type).
    /// Equals every error with the code `creation-failed`.
    public static let creationFailed = InjectionError(code: .creationFailed)
    /// The service has only an async registration (``AsyncInjection``) and was asked for
    /// synchronously; resolve it with `try await injector.getAsync(_:)`.
    /// Equals every error with the code `async-only`.
    public static let asyncOnly = InjectionError(code: .asyncOnly)
    /// A factory threw: an async one, or a Swinject factory registered with a throwing closure
    /// (alone or below the requested service); ``InjectionError/underlyingError`` holds its error.
    /// Equals every error with the code `factory-threw`.
    public static let factoryThrew = InjectionError(code: .factoryThrew)
    /// The task waiting for an async service was cancelled; the message says whether the
    /// creation goes on for other waiting tasks or was cancelled too.
    /// Equals every error with the code `cancelled`.
    public static let cancelled = InjectionError(code: .cancelled)
    /// One or more services threw from `shutdown()`; ``InjectionError/causes`` has one error per
    /// service, each with the service's type and its error in ``InjectionError/underlyingError``.
    /// Equals every error with the code `shutdown-failed`.
    public static let shutdownFailed = InjectionError(code: .shutdownFailed)

    /// Two errors are equal when their codes are equal; compare ``description`` for the text.
    public static func == (lhs: InjectionError, rhs: InjectionError) -> Bool {
        lhs.code == rhs.code
    }

    /// Whether `error` is an injection error with the code of `pattern`, so that
    /// `catch InjectionError.notRegistered` compiles beside other `catch` clauses: the caught value
    /// is then `any Error`, which `Equatable`'s `~=` cannot compare with an `InjectionError`.
    public static func ~= (pattern: InjectionError, error: any Error) -> Bool {
        (error as? InjectionError)?.code == pattern.code
    }

    /// A readable message naming the type, registration name, injector, chain and call site.
    public var description: String {
        var service = serviceType
        if let name { service += " (name: \"\(name)\")" }
        let injector = injectorLabel.map { "injector '\($0)'" } ?? "unlabelled injector"
        var message: String
        switch code {
        case .notRegistered:
            message = "no registration for \(service) in \(injector)"
        case .alreadyRegistered:
            message = "\(service) is already registered in \(injector)"
        case .cycle:
            message = "dependency cycle while creating \(service) in \(injector): \(chain.joined(separator: " → "))"
        case .asyncOnly:
            message = "\(service) has only an async registration in \(injector)"
        case .factoryThrew:
            message = "the factory of \(service) in \(injector) threw"
        case .cancelled:
            message = "the request for \(service) in \(injector) was cancelled"
        case .shutdownFailed:
            message =
                causes.isEmpty ? "shutdown of \(service) failed" : "shutdown failed for \(causes.count) service(s)"
        default:
            message = "could not create \(service) in \(injector)"
        }
        if code != .cycle, chain.count > 1 {
            message += " (while creating \(chain.joined(separator: " → ")))"
        }
        if let detail { message += ": \(detail)" }
        if let underlyingError { message += ": \(underlyingError)" }
        for cause in causes { message += "\n  - \(cause)" }
        return "\(message) [at \(fileID):\(line)]"
    }
}

extension InjectionError {
    init<Service>(
        _ code: Code,
        _ type: Service.Type,
        name: String?,
        injector: Injector,
        chain: [String] = [],
        detail: String? = nil,
        site: CallSite
    ) {
        self.init(
            code: code,
            serviceType: TypeNames.qualified(type),
            name: name,
            injectorLabel: injector.label,
            chain: chain,
            detail: detail,
            fileID: site.fileID,
            line: site.line
        )
    }
}

/// Where a request came from.
@usableFromInline
struct CallSite: Sendable {
    let fileID: String
    let line: Int

    @usableFromInline
    init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
    }
}
