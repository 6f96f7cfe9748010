/// Builds the application's injector, except under a test runner (the Swifjection
/// `SwifjectorFactory` use case).
///
/// App start-up code often runs inside unit tests too (an app delegate, a `main` that tests import).
/// `InjectorFactory` returns nil there, so tests supply their own injector instead of silently using
/// the production one.
///
/// ```swift
/// let injector = InjectorFactory(label: "app") { injector in
///     injector.bind(type: FooProtocol.self) { _ in Foo() }
/// }.injector
/// ```
public struct InjectorFactory: Sendable {
    /// The configured injector, or nil under a test runner.
    public let injector: Injector?

    /// Creates an empty injector unless `isRunningTests` is true.
    public init(
        label: String? = nil, allowsRewrite: Bool = false, isRunningTests: Bool = TestRunnerDetection.isRunningTests
    ) {
        injector = isRunningTests ? nil : Injector(label: label, allowsRewrite: allowsRewrite)
    }

    /// Creates and configures an injector unless `isRunningTests` is true.
    ///
    /// - Parameters:
    ///   - label: The injector's label.
    ///   - allowsRewrite: Whether registering a type twice replaces the first registration.
    ///   - isRunningTests: Defaults to whether the process is a test runner (XCTest or Swift Testing); pass `false` to build anyway.
    ///   - configure: Registers services on the new injector.
    public init(
        label: String? = nil,
        allowsRewrite: Bool = false,
        isRunningTests: Bool = TestRunnerDetection.isRunningTests,
        configure: (Injector) throws -> Void
    ) rethrows {
        guard !isRunningTests else {
            injector = nil
            return
        }
        let injector = Injector(label: label, allowsRewrite: allowsRewrite)
        try configure(injector)
        self.injector = injector
    }
}
