/// Why a service could not be resolved or registered, with the chain of services that led there.
///
/// The ``description`` is the full explanation; ``chain`` lists the services from the one requested
/// to the one that failed.
///
/// The kind of failure is the ``code-swift.property``, spelled in kebab-case
/// (`missing-dependency`). Two errors are equal when their codes are equal, whatever their chain
/// and message (compare `description` for the text). Each code has a static error value, so a test
/// matches a code with `#expect(throws:)`, and a `catch` clause matches it even where other errors
/// may be thrown:
///
/// ```swift
/// #expect(throws: ResolutionError.missingDependency) {
///     try container.resolveOrThrow(PetOwner.self)
/// }
///
/// do {
///     _ = try container.resolveOrThrow(PetOwner.self)
/// } catch ResolutionError.cycle {
///     // only this code
/// }
/// ```
public struct ResolutionError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable kebab-case spelling, such as `missing-dependency`.
        public let rawValue: String

        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// The requested service has no registration with that name and those argument types.
        public static let notRegistered = Code("not-registered")
        /// The service is registered but a dependency somewhere down the chain is not.
        public static let missingDependency = Code("missing-dependency")
        /// An argument's dynamic type differs from the registered argument type.
        public static let argumentTypeMismatch = Code("argument-type-mismatch")
        /// Services depend on each other in a cycle.
        public static let cycle = Code("cycle")
        /// Two runtime arguments (or an argument and several parameters) share a type.
        public static let duplicateArgumentTypes = Code("duplicate-argument-types")
        /// A runtime argument type matches no initializer parameter.
        public static let unmatchedArgumentType = Code("unmatched-argument-type")
        /// A dependency is registered only with runtime arguments, which autoregistration cannot pass.
        public static let argumentOnlyDependency = Code("argument-only-dependency")
        /// The service type holds any value (`Any`, `AnyObject`, `any Sendable`), so a failed
        /// resolve could not be told from a service; `autoregister` refuses it.
        public static let unsupportedServiceType = Code("unsupported-service-type")
        /// An autoregistered initializer threw; ``ResolutionError/underlyingError`` holds the error.
        public static let initializerThrew = Code("initializer-threw")
        /// `verify(.resolvingEach)` resolved a registration and got nil, with nothing more known.
        public static let resolvedToNil = Code("resolved-to-nil")
        /// The service has only an async (`registerAsync`, async `autoregister`) or main-actor
        /// registration, which a synchronous resolve cannot run; the message names the call to use.
        public static let asyncOnlyRegistration = Code("async-only-registration")
        /// A ``SendableResolver``'s container got a registration after the resolver started.
        public static let registeredAfterStart = Code("registered-after-start")
        /// A service in the `.request` object scope was resolved outside any unit of work
        /// (`container.withScope { … }`), where no instance can be shared.
        public static let outsideRequestScope = Code("outside-request-scope")
        /// The task of an async resolve was cancelled while it waited for an instance being
        /// created; ``ResolutionError/underlyingError`` is a `CancellationError`. The message says
        /// whether the creation goes on for other waiting tasks or was cancelled too.
        public static let cancelled = Code("cancelled")

        /// The code's spelling, such as `missing-dependency`.
        public var description: String { rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// The services from the one requested to the one that failed, e.g.
    /// `["App", "APIClient", "Session", "URLSessionConfiguration"]`.
    public let chain: [String]
    /// The full explanation.
    public let description: String
    /// The error an autoregistered initializer threw, for ``Code/initializerThrew``.
    public let underlyingError: (any Error)?

    /// The failure this error explains, with its chain as types, so that a factory that rethrows
    /// it (a nested `resolveOrThrow`) extends the chain instead of starting a second one.
    let pending: PendingFailure?

    init(
        code: Code, chain: [String], message: String, underlyingError: (any Error)? = nil,
        pending: PendingFailure? = nil
    ) {
        self.code = code
        self.chain = chain
        self.description = message
        self.underlyingError = underlyingError
        self.pending = pending
    }

    /// An error with only a code, for matching in tests.
    public init(_ code: Code) {
        self.init(code: code, chain: [], message: code.description)
    }

    /// Two errors are equal when their codes are equal; compare ``description`` for the text.
    public static func == (lhs: ResolutionError, rhs: ResolutionError) -> Bool {
        lhs.code == rhs.code
    }

    /// Whether `error` is a resolution error with the code of `pattern`, so that
    /// `catch ResolutionError.missingDependency` compiles beside other `catch` clauses.
    public static func ~= (pattern: ResolutionError, error: any Error) -> Bool {
        (error as? ResolutionError)?.code == pattern.code
    }

    /// Matches any ``Code/notRegistered`` error.
    public static let notRegistered = ResolutionError(.notRegistered)
    /// Matches any ``Code/missingDependency`` error.
    public static let missingDependency = ResolutionError(.missingDependency)
    /// Matches any ``Code/argumentTypeMismatch`` error.
    public static let argumentTypeMismatch = ResolutionError(.argumentTypeMismatch)
    /// Matches any ``Code/duplicateArgumentTypes`` error.
    public static let duplicateArgumentTypes = ResolutionError(.duplicateArgumentTypes)
    /// Matches any ``Code/unmatchedArgumentType`` error.
    public static let unmatchedArgumentType = ResolutionError(.unmatchedArgumentType)
    /// Matches any ``Code/cycle`` error.
    public static let cycle = ResolutionError(.cycle)
    /// Matches any ``Code/argumentOnlyDependency`` error.
    public static let argumentOnlyDependency = ResolutionError(.argumentOnlyDependency)
    /// Matches any ``Code/unsupportedServiceType`` error.
    public static let unsupportedServiceType = ResolutionError(.unsupportedServiceType)
    /// Matches any ``Code/initializerThrew`` error.
    public static let initializerThrew = ResolutionError(.initializerThrew)
    /// Matches any ``Code/resolvedToNil`` error.
    public static let resolvedToNil = ResolutionError(.resolvedToNil)
    /// Matches any ``Code/asyncOnlyRegistration`` error.
    public static let asyncOnlyRegistration = ResolutionError(.asyncOnlyRegistration)
    /// Matches any ``Code/registeredAfterStart`` error.
    public static let registeredAfterStart = ResolutionError(.registeredAfterStart)
    /// Matches any ``Code/outsideRequestScope`` error.
    public static let outsideRequestScope = ResolutionError(.outsideRequestScope)
    /// Matches any ``Code/cancelled`` error.
    public static let cancelled = ResolutionError(.cancelled)
}
