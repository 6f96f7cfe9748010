public import Swinject
public import SwinjectInjection
import SwinjectKitSupport
public import SwinjectPropertyLoader
public import Testing

/// Registrations and properties replaced for one test: for an `Injector`, for a Swinject
/// `Container`, and for the properties every container reads.
///
/// Apply them with the `.overriding` and `.properties` test traits (Swift Testing), or around a
/// block of code with ``withOverrides(_:operation:)`` (XCTest, or part of a test). Overrides are
/// task-local values: the test's task and the tasks it starts with `async let`, a task group or
/// `Task {}` see them; other tasks, including tests running in parallel, never do. Nothing is
/// changed on the injector or the container, so nothing is left over when the test ends.
///
/// ```swift
/// let overrides: [TestOverrides] = [
///     .injector(AppInjectors.services) { scope in
///         try scope.register(as: (any WeatherService).self, injection: .singleton(RainyWeather()))
///     },
///     .properties(["feature.newCheckout": true]),
/// ]
/// ```
public struct TestOverrides: Sendable {
    enum Part: Sendable {
        case injector(Injector, @Sendable (Injector) throws -> Void)
        case container(OverriddenContainer, @Sendable (Container) throws -> Void)
        case properties([LoadedProperty])
    }

    let parts: [Part]

    init(_ parts: [Part]) {
        self.parts = parts
    }

    /// Replaces registrations of `injector` (`Injector.default` when omitted).
    ///
    /// `configure` registers fakes on a fresh child injector, which answers every request to
    /// `injector` inside the scope: `get`, subscripts, property wrappers, implicit creation, and
    /// Swinject factories resolving an `Injection` registration. Lazy singletons registered on
    /// `injector` itself and created before or outside the scope keep what they were built with.
    public static func injector(
        _ injector: Injector = .default, _ configure: @escaping @Sendable (Injector) throws -> Void
    ) -> TestOverrides {
        TestOverrides([.injector(injector, configure)])
    }

    /// Replaces registrations of a Swinject `container`.
    ///
    /// `configure` registers fakes on a new child container of `container`; the original
    /// container is never changed. Inside the scope, on the current task and its child tasks,
    /// every way of resolving from `container` sees them: Swinject's own `resolve`,
    /// `resolveOrThrow`, `~>`, autoregistered dependencies, `container.effective` and an
    /// `Injector` whose `container` it is, for every object scope. A container-scoped or weak
    /// instance built inside the scope is kept in the scope and dropped when it ends, so it never
    /// reaches another test. Parallel tests never see each other's overrides.
    ///
    /// A container that tests share is resolved from several threads at once, so declare it as
    /// Swinject's synchronized view (see <doc:TestingWithSwinjectKit>).
    public static func container(
        _ container: Container, _ configure: @escaping @Sendable (Container) throws -> Void
    ) -> TestOverrides {
        TestOverrides([.container(OverriddenContainer(container), configure)])
    }

    /// Replaces registrations of the container behind `resolver`, a `container.synchronize()`
    /// view shared by parallel tests; as ``container(_:_:)-(Container,_)``. A resolver that is
    /// not a Swinject container has no registrations to replace: the test records an issue.
    public static func container(
        _ resolver: any Resolver, _ configure: @escaping @Sendable (Container) throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> TestOverrides {
        guard let container = resolver as? Container else {
            Issue.record(
                "\(type(of: resolver)) is not a Swinject Container or a synchronize() view of one; nothing is overridden",
                sourceLocation: sourceLocation)
            return TestOverrides([])
        }
        return TestOverrides([.container(OverriddenContainer(container), configure)])
    }

    /// Sets properties over the loaded ones, for every container read inside the scope.
    ///
    /// The values apply with the one merge model, as a loader applied last would: a key replaces
    /// what was at it and below it, and placeholders that refer to it see the new value. Each
    /// value's source is `test override` with the caller's file and line, so
    /// `propertySource(_:)` and errors say where it came from.
    public static func properties(
        _ values: KeyValuePairs<PropertyKey, TestPropertyValue>, fileID: String = #fileID, line: Int = #line
    ) -> TestOverrides {
        let source = PropertySource(name: "test override (\(fileID):\(line))")
        return TestOverrides([
            .properties(values.map { LoadedProperty(key: $0.key.name, value: $0.value.value, source: source) })
        ])
    }

    /// Sets properties from runtime values, as ``properties(_:fileID:line:)`` does:
    /// `.properties(["database.port": port, "database.name": "orders-\(id)"])`.
    ///
    /// A value may be a `Bool`, an integer, a `Double`, a `String`, a `Date`, `Data`, a `URL`, an
    /// array or a `[String: …]` dictionary of those, an optional (`nil` hides the loaded value),
    /// or a ``TestPropertyValue``. Any other type is recorded as a test issue naming the key and
    /// the type, and that key is not set.
    public static func properties(
        _ values: KeyValuePairs<PropertyKey, any Sendable>, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, column: Int = #column
    ) -> TestOverrides {
        let source = PropertySource(name: "test override (\(fileID):\(line))")
        var properties: [LoadedProperty] = []
        for (key, value) in values {
            do {
                properties.append(
                    LoadedProperty(
                        key: key.name, value: try TestPropertyValue.converting(value, key: key.name).value,
                        source: source))
            } catch {
                Issue.record(
                    "\(error)",
                    sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
            }
        }
        return TestOverrides([.properties(properties)])
    }

    /// These overrides, then `others` inside them (a later one wins where two replace the same
    /// registration or property).
    public func followed(by others: TestOverrides...) -> TestOverrides {
        TestOverrides(parts + others.flatMap(\.parts))
    }
}

/// A Swinject container held by a `Sendable` value.
///
/// `@unchecked Sendable`: the reference is used only to key override tables by the container's
/// identity and to make child containers of it, which reads nothing Swinject guards.
struct OverriddenContainer: @unchecked Sendable {
    let container: Container

    init(_ container: Container) {
        self.container = container
    }
}

extension Container {
    /// The container that answers for this one on the current task: inside a scope of
    /// ``TestOverrides/container(_:_:)`` for this container, the child container that holds the
    /// test's registrations; otherwise the container itself.
    ///
    /// ```swift
    /// let checkout = container.effective.resolve(Checkout.self)
    /// ```
    public var effective: Container {
        ContainerOverrideScopes.effective(self)
    }
}
