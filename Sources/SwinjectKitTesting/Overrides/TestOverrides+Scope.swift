import Swinject
import SwinjectInjection
import SwinjectKitSupport
import SwinjectPropertyLoader

/// Runs `operation` with `overrides` applied for the current task and its child tasks.
///
/// The XCTest form of the `.overriding` and `.properties` test traits, and a way to override
/// for part of a Swift Testing test. Overrides nest: an inner scope sees the outer one's
/// registrations and properties and replaces them where it sets the same ones.
///
/// ```swift
/// let headline = try withOverrides(
///     .injector(AppInjectors.services) { scope in
///         try scope.register(as: (any WeatherService).self, injection: .singleton(RainyWeather()))
///     }
/// ) {
///     WeatherViewModel().headline
/// }
/// ```
///
/// - Throws: What a `configure` closure throws, or the `PropertyLoaderError` a property override
///   gives on its own (a key with too many segments, a malformed placeholder), before `operation`
///   runs; otherwise what `operation` throws.
public func withOverrides<Result>(
    _ overrides: TestOverrides...,
    operation: () throws -> Result
) throws -> Result {
    try apply(overrides.flatMap(\.parts)[...], operation)
}

/// The `async` form of ``withOverrides(_:operation:)``.
public func withOverrides<Result>(
    _ overrides: TestOverrides...,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async throws -> Result {
    try await apply(overrides.flatMap(\.parts)[...], isolation: isolation, operation)
}

extension TestOverrides {
    /// Runs `operation` with these overrides applied.
    func run<Result>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async throws -> Result {
        try await apply(parts[...], isolation: isolation, operation)
    }
}

// Each part opens its scope inside the previous one, so a later part for the same injector,
// container or properties sees the earlier part's and replaces it. The depth is the number of
// parts the test wrote.

private func apply<Result>(_ parts: ArraySlice<TestOverrides.Part>, _ operation: () throws -> Result) throws -> Result {
    guard let part = parts.first else { return try operation() }
    let rest = parts.dropFirst()
    switch part {
    case .injector(let injector, let configure):
        let scopes = try injector.openOverrideScope(configure)
        return try OverrideScopes.$current.withValue(scopes) { try apply(rest, operation) }
    case .container(let reference, let configure):
        reference.container.installResolutionHook()
        let scopes = try ContainerOverrideScopes.opening(reference.container, configure)
        return try ContainerOverrideScopes.withOpened(scopes) { try apply(rest, operation) }
    case .properties(let properties):
        let layer = try PropertyOverrideLayer(properties)
        let result = try PropertyOverrideLayer.$current.withValue(layer) { try apply(rest, operation) }
        try layer.throwLayeringErrors()
        return result
    }
}

private func apply<Result>(
    _ parts: ArraySlice<TestOverrides.Part>,
    isolation: isolated (any Actor)?,
    _ operation: () async throws -> Result
) async throws -> Result {
    guard let part = parts.first else { return try await operation() }
    let rest = parts.dropFirst()
    switch part {
    case .injector(let injector, let configure):
        let scopes = try injector.openOverrideScope(configure)
        return try await OverrideScopes.$current.withValue(scopes) {
            try await apply(rest, isolation: isolation, operation)
        }
    case .container(let reference, let configure):
        reference.container.installResolutionHook()
        let scopes = try ContainerOverrideScopes.opening(reference.container, configure)
        return try await ContainerOverrideScopes.withOpened(scopes, isolation: isolation) {
            try await apply(rest, isolation: isolation, operation)
        }
    case .properties(let properties):
        let layer = try PropertyOverrideLayer(properties)
        let result = try await PropertyOverrideLayer.$current.withValue(layer) {
            try await apply(rest, isolation: isolation, operation)
        }
        try layer.throwLayeringErrors()
        return result
    }
}

extension PropertyOverrideLayer {
    /// Throws the first error found while layering over a store's properties; the reads that
    /// met it saw the stored properties without the layer, so the test must not pass silently.
    func throwLayeringErrors() throws {
        if let first = layeringErrors.first { throw first }
    }
}
