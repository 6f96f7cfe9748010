public import Logging
public import Swinject
import SwinjectKitSupport

extension Container {
    /// Declares that this container's registrations need the property `key` as `type`, so that
    /// ``checkProperties(resolvingRegistrations:)`` reports it when it is missing or cannot be
    /// converted, without running any factory.
    ///
    /// ```swift
    /// extension PropertyKey {
    ///     static let databasePort = PropertyKey("database.port")
    /// }
    /// container.declareProperty(.databasePort, as: Int.self)
    /// try container.checkProperties()
    /// ```
    public func declareProperty<T>(
        _ key: PropertyKey, as type: T.Type, fileID: String = #fileID, line: Int = #line
    ) {
        let name = key.name
        let declaration = PropertyDeclaration(key: name, type: T.self, fileID: fileID, line: line) {
            container throws(PropertyError) in
            _ = try PropertyReads.required(name, as: T.self, from: container, fileID: fileID, line: line)
        }
        PropertyReadLog.of(self).declare(declaration)
    }

    /// Checks at startup that every property the registrations need can be read, and reports
    /// every problem at once.
    ///
    /// ```swift
    /// let container = Container()
    /// try container.applyPropertyLoader(JsonPropertyLoader(url: configURL))
    /// container.register(Database.self) { r in
    ///     Database(host: r.property("database.host", .orFatalError), port: r.property("database.port", .orFatalError))
    /// }
    /// try container.checkProperties()   // throws PropertyCheckError listing each problem
    /// ```
    ///
    /// The check collects, in this order:
    /// 1. every property declared with ``declareProperty(_:as:fileID:line:)`` that is missing or
    ///    not convertible;
    /// 2. every failed read already made through this container or its ancestors: a type
    ///    mismatch or a placeholder that does not resolve in any read (`property`,
    ///    `property(_:default:)`, `requiredProperty`), a missing key of a `.orFatalError` read;
    /// 3. with `resolvingRegistrations` (the default), the failures of a dry run that resolves
    ///    each registration once;
    /// 4. every `${key}` placeholder in the properties that does not resolve and that no read
    ///    above reported (``unresolvedPlaceholders``), by the key that holds it.
    ///
    /// During the dry run a failing `.orFatalError` read gives a stand-in value (zero, empty, `nil`,
    /// or a `Decodable` section of such values) instead of stopping, so one run sees every read
    /// of every factory.
    ///
    /// Limits of the dry run: it runs your factories, with their side effects. When the check
    /// throws, it first discards the container-scoped and weak instances, which may hold
    /// stand-in values (`resetObjectScope(.container)` and `.weak`), so a later resolve builds
    /// them again; when it passes, the instances the dry run built are kept, unless an
    /// `@Injected` property failed while they were built: then they are discarded too, so that
    /// `verify(.resolvingEach)` builds them again and reports that property. It resolves only this
    /// container's own registrations made without runtime arguments (not a parent's), and sees
    /// only the reads a factory makes on the path it takes; call it at startup, before other
    /// threads register. A factory that force-unwraps (`r.property("k")!`,
    /// `r.resolve(T.self)!`) still stops the program, so use `.orFatalError` reads. A factory that
    /// resolves with `~>` (SwinjectAutoregistration) whose service fails is run once more with
    /// stand-ins for the failed `requiredProperty` reads below it, which are reported; a `~>`
    /// that fails for another reason (a service that is not registered) stops the program after
    /// printing to standard error the failures found so far and the registrations not resolved
    /// yet. An optional read of a missing key is not a failure: nil is a valid answer for it.
    ///
    /// - Parameter resolvingRegistrations: whether to resolve each registration once.
    /// - Throws: ``PropertyCheckError`` with every failure.
    public func checkProperties(resolvingRegistrations: Bool = true) throws(PropertyCheckError) {
        let log = PropertyReadLog.of(self)
        var failures: [PropertyError] = []
        for declaration in log.declarations {
            do {
                try declaration.check(self)
            } catch {
                failures.append(error)
            }
        }
        var thrown: [PropertyError] = []
        if resolvingRegistrations {
            UsageRegistry.start(on: self)
            let dryRun = PropertyDryRun.resolveAll(in: self)
            thrown = dryRun.errors
            PropertyLogging.noteUnreadKeys(of: self)
            // An `@Injected` property that failed is `verify(.resolvingEach)`'s to report: the
            // instance holding it must not be kept, or verify would find it built already.
            if dryRun.injectionFailed {
                resetObjectScope(.container)
                resetObjectScope(.weak)
            }
        }
        var recorded: [PropertyError] = []
        for container in ContainerLineage.ancestry(of: self) {
            recorded += PropertyReadLog.existing(for: container)?.failures ?? []
        }
        for failure in recorded + thrown where !failures.contains(where: { Self.same($0, failure) }) {
            failures.append(failure)
        }
        // Placeholders that no read met, so that the check is as strict as the configuration.
        let unresolved = PropertyStoreRegistry.store(forContainer: self).snapshot().placeholderFailures
        for key in unresolved.keys.sorted() {
            guard let error = unresolved[key],
                !failures.contains(where: { $0.code == .unresolvedPlaceholder && $0.key == key })
            else { continue }
            failures.append(PropertyError(key: key, requestedType: "", placeholderError: error, fileID: "", line: 0))
        }
        if !failures.isEmpty {
            // A failed read during the dry run gave a stand-in, which a scoped instance may hold.
            if resolvingRegistrations {
                resetObjectScope(.container)
                resetObjectScope(.weak)
            }
            throw PropertyCheckError(failures: failures)
        }
    }

    /// Every property read through this container that failed (type mismatches of any read,
    /// missing keys of `.orFatalError` reads) and that still fails with the current properties,
    /// as it fails now, in the order first seen. A failure that a later loader or a reload fixed
    /// is not listed.
    public var propertyReadFailures: [PropertyError] {
        PropertyReadLog.existing(for: self)?.failures ?? []
    }

    /// Where this container logs property type mismatches (once per key) and failing required
    /// reads. When nil, messages go to `Logger(label: "SwinjectKit")` if the process bootstrapped
    /// swift-log with a backend of its own, and nowhere otherwise.
    public var propertyLogger: Logger? {
        get { PropertyReadLog.existing(for: self)?.logger }
        set { PropertyReadLog.of(self).logger = newValue }
    }

    private static func same(_ lhs: PropertyError, _ rhs: PropertyError) -> Bool {
        lhs.key == rhs.key && lhs.requestedType == rhs.requestedType && lhs.fileID == rhs.fileID && lhs.line == rhs.line
    }
}
