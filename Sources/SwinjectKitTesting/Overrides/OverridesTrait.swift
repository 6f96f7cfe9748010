public import Swinject
public import SwinjectInjection
public import SwinjectPropertyLoader
public import Testing

/// A test trait that gives each test case its own ``TestOverrides``.
///
/// On a suite, every test of the suite (and of nested suites) gets a fresh scope for each of its
/// test cases: singletons registered by the overrides are made anew for every case.
///
/// ```swift
/// @Test(.overriding(AppInjectors.services) { scope in
///     try scope.register(as: (any WeatherService).self, injection: .singleton(RainyWeather()))
/// })
/// func headlineUsesTheRainyWeather() throws {
///     #expect(WeatherViewModel().headline == "Today: rain")
/// }
/// ```
public struct OverridesTrait: TestTrait, SuiteTrait, TestScoping {
    /// The overrides each test case runs with.
    package let overrides: TestOverrides

    /// Applies to the tests of nested suites too.
    public var isRecursive: Bool { true }

    /// A scope per test case; none for a suite as a whole.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> OverridesTrait? {
        testCase == nil ? nil : self
    }

    /// Runs the test case with the trait's overrides applied.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await overrides.run(function)
    }
}

extension Trait where Self == OverridesTrait {
    /// Replaces registrations of `injector` (`Injector.default` when omitted) for each test case;
    /// see ``TestOverrides/injector(_:_:)``.
    public static func overriding(
        _ injector: Injector = .default, _ configure: @escaping @Sendable (Injector) throws -> Void
    ) -> Self {
        OverridesTrait(overrides: .injector(injector, configure))
    }

    /// Replaces registrations of a Swinject `container` for each test case; every resolve from
    /// `container` sees them (see ``TestOverrides/container(_:_:)-(Container,_)``).
    public static func overriding(
        _ container: Container, _ configure: @escaping @Sendable (Container) throws -> Void
    ) -> Self {
        OverridesTrait(overrides: .container(container, configure))
    }

    /// Replaces registrations of the container behind a shared `container.synchronize()` view
    /// for each test case (see ``TestOverrides/container(_:_:sourceLocation:)``).
    public static func overriding(
        _ resolver: any Resolver, _ configure: @escaping @Sendable (Container) throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        OverridesTrait(overrides: .container(resolver, configure, sourceLocation: sourceLocation))
    }

    /// Sets properties over the loaded ones for each test case, for every container; see
    /// ``TestOverrides/properties(_:fileID:line:)``.
    ///
    /// ```swift
    /// @Test(.properties(["feature.newCheckout": true, "database.port": 1]))
    /// func checkoutUsesTheNewFlow() throws {
    ///     #expect(AppContainers.main.property("feature.newCheckout") == true)
    /// }
    /// ```
    public static func properties(
        _ values: KeyValuePairs<PropertyKey, TestPropertyValue>, fileID: String = #fileID, line: Int = #line
    ) -> Self {
        OverridesTrait(overrides: .properties(values, fileID: fileID, line: line))
    }

    /// Sets properties from runtime values for each test case, as
    /// ``TestOverrides/properties(_:fileID:filePath:line:column:)`` does.
    public static func properties(
        _ values: KeyValuePairs<PropertyKey, any Sendable>, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, column: Int = #column
    ) -> Self {
        OverridesTrait(
            overrides: .properties(values, fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Applies `overrides` for each test case, in order.
    public static func overrides(_ overrides: TestOverrides...) -> Self {
        OverridesTrait(overrides: TestOverrides(overrides.flatMap(\.parts)))
    }
}
