import Logging
public import Swinject

/// What a property read in a non-throwing factory does when the property is missing or cannot be
/// converted: `r.property("database.port", .orFatalError)`.
///
/// The name says what happens: the read calls `fatalError` with the full ``PropertyError``
/// message. A read that throws instead is `try r.requiredProperty("database.port")`.
public enum PropertyFailureHandling: Sendable {
    /// The property must be set and convertible; otherwise the read stops the program with
    /// `fatalError` and the message ``PropertyError`` gives.
    case orFatalError
}

extension Resolver {
    /// The property, for factories, which cannot throw: stops the program with the full
    /// ``PropertyError`` message when the property is missing or cannot be converted.
    ///
    /// Use it where a factory would otherwise write `r.property("k")!`, which stops with a bare
    /// "Unexpectedly found nil". This read stops with the key, the requested type, the stored
    /// value and its source file:line:column, and the call site:
    ///
    /// ```swift
    /// container.register(Database.self) { r in
    ///     Database(host: r.property("database.host", .orFatalError), port: r.property("database.port", .orFatalError))
    /// }
    /// // Sources/App/Setup.swift:12: property "database.port" is a string ("5432") from config.json:3:11,
    /// // not convertible to Swift.Int
    /// ```
    ///
    /// Before stopping, the failure is recorded in the container and logged through swift-log.
    /// During the dry run of ``Swinject/Container/checkProperties(resolvingRegistrations:)`` a
    /// failing read gives a stand-in value instead (zero, empty, or a `Decodable` section of
    /// such values), so the check reports every failure and returns.
    /// Call ``Swinject/Container/checkProperties(resolvingRegistrations:)`` at startup: it resolves
    /// each registration once, turns these reads into one error listing every problem, and so
    /// makes sure this stop never happens after startup.
    ///
    /// A factory that must not stop the process throws instead: with `SwinjectAutoregistration`
    /// imported, a closure that reads with ``requiredProperty(_:as:fileID:line:)-(String,_,_,_)`` and `try`
    /// registers as a throwing factory, whose error `resolveOrThrow` rethrows with the chain.
    public func property<T>(
        _ name: String, _ handling: PropertyFailureHandling, as type: T.Type = T.self, fileID: String = #fileID,
        line: Int = #line
    ) -> T {
        do {
            return try PropertyReads.required(name, as: T.self, from: self, fileID: fileID, line: line)
        } catch {
            PropertyReads.record(error, as: T.self, on: self, includingMissing: true)
            if let standIn = PropertyDryRun.standIn(for: T.self) { return standIn }
            // During a dry run, everything found so far is in the message, not only this read.
            var message = error.description
            if PropertyDryRun.isActive, let container = self as? Container {
                message = PropertyCheckError(failures: container.propertyReadFailures).description
            }
            PropertyReads.logger(for: self)?.critical("\(message)")
            fatalError(message)
        }
    }

    /// The property for a declared key, stopping with the full message when it cannot be read,
    /// as the `String` form does: `r.property(.databasePort, .orFatalError)`.
    public func property<T>(
        _ key: PropertyKey, _ handling: PropertyFailureHandling, as type: T.Type = T.self, fileID: String = #fileID,
        line: Int = #line
    ) -> T {
        property(key.name, handling, as: type, fileID: fileID, line: line)
    }
}
