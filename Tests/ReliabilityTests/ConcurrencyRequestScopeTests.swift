import Swinject
import SwinjectAutoregistration
import SwinjectInjection
import Testing

/// Many units of work at once, each resolving five `.request` services from several child tasks
/// through a `SendableResolver` (`resolve`, `resolveOrThrow`, `resolveAsync`), or five through an
/// `Injector` (its own synchronized view of the container): inside a unit every
/// resolve shares one instance per registration, and no instance is seen by two units. Runs under
/// the thread sanitizer (Scripts/tsan.sh).
@Suite struct ConcurrencyRequestScopeTests {
    final class Transaction: Sendable {}
    final class Session: Sendable {}
    final class RequestLog: Sendable {}
    final class Cache: Sendable {}
    final class Principal: Sendable {}

    /// The five instances one resolve path saw in one unit.
    struct Seen: Sendable, Hashable {
        let identities: [ObjectIdentifier]
    }

    /// The instances of one unit, kept alive until every unit is compared so that no identity is
    /// reused by a later allocation.
    struct Unit: Sendable {
        let instances: [any AnyObject & Sendable]
        let seen: Set<Seen>
    }

    private static func makeInjector() -> Injector {
        let injector = Injector(label: "request-scope")
        let container = injector.container
        container.register(Transaction.self) { _ in Transaction() }.inObjectScope(.request)
        container.register(Session.self) { _ in Session() }.inObjectScope(.request)
        container.register(RequestLog.self) { _ in RequestLog() }.inObjectScope(.request)
        container.registerAsync(Cache.self) { _ in
            await Task.yield()
            return Cache()
        }
        .inObjectScope(.request)
        container.registerAsync(Principal.self) { _ in Principal() }.inObjectScope(.request)
        return injector
    }

    @Test func unitsNeverShareAnInstance() async throws {
        let injector = Self.makeInjector()
        let resolver = injector.container.sendableResolver()
        let units = try await withThrowingTaskGroup(of: Unit.self) { group in
            for _ in 0..<1_000 {
                group.addTask {
                    try await resolver.withScope {
                        try await withThrowingTaskGroup(of: (Seen, [any AnyObject & Sendable]).self) { paths in
                            for path in 0..<3 {
                                paths.addTask {
                                    let cache = try await resolver.resolveAsync(Cache.self)
                                    let principal = try await resolver.resolveAsync(Principal.self)
                                    let objects: [any AnyObject & Sendable]
                                    switch path {
                                    case 0:
                                        objects = [
                                            try resolver.resolveOrThrow(Transaction.self),
                                            try resolver.resolveOrThrow(Session.self),
                                            try resolver.resolveOrThrow(RequestLog.self), cache, principal,
                                        ]
                                    case 1:
                                        objects = [
                                            try #require(resolver.resolve(Transaction.self)),
                                            try #require(resolver.resolve(Session.self)),
                                            try #require(resolver.resolve(RequestLog.self)), cache, principal,
                                        ]
                                    default:
                                        objects = [
                                            try await resolver.resolveAsync(Transaction.self),
                                            try await resolver.resolveAsync(Session.self),
                                            try await resolver.resolveAsync(RequestLog.self), cache, principal,
                                        ]
                                    }
                                    return (Seen(identities: objects.map(ObjectIdentifier.init)), objects)
                                }
                            }
                            var seen = Set<Seen>()
                            var instances: [any AnyObject & Sendable] = []
                            for try await (paths, objects) in paths {
                                seen.insert(paths)
                                instances += objects
                            }
                            return Unit(instances: instances, seen: seen)
                        }
                    }
                }
            }
            return try await group.reduce(into: [Unit]()) { $0.append($1) }
        }
        #expect(units.count == 1_000)
        // Every path of a unit saw the same five instances.
        #expect(units.allSatisfy { $0.seen.count == 1 })
        // No instance appears in two units: 5,000 distinct identities.
        let all = Set(units.flatMap { $0.seen.first?.identities ?? [] })
        #expect(all.count == 5_000)
        // And the five of one unit are five objects.
        #expect(units.allSatisfy { Set($0.seen.first?.identities ?? []).count == 5 })
    }

    @Test func unitsNeverShareAnInstanceThroughAnInjector() async throws {
        let injector = Injector(label: "request-scope-injector")
        let container = injector.container
        container.register(Transaction.self) { _ in Transaction() }.inObjectScope(.request)
        container.register(Session.self) { _ in Session() }.inObjectScope(.request)
        container.register(RequestLog.self) { _ in RequestLog() }.inObjectScope(.request)
        container.register(Cache.self) { _ in Cache() }.inObjectScope(.request)
        container.register(Principal.self) { _ in Principal() }.inObjectScope(.request)
        let scopes = container.sendableResolver()
        let units = try await withThrowingTaskGroup(of: Unit.self) { group in
            for _ in 0..<1_000 {
                group.addTask {
                    try await scopes.withScope {
                        try await withThrowingTaskGroup(of: [any AnyObject & Sendable].self) { paths in
                            for _ in 0..<2 {
                                paths.addTask {
                                    [
                                        try injector.get(Transaction.self), try injector.get(Session.self),
                                        try injector.get(RequestLog.self), try injector.get(Cache.self),
                                        try injector.get(Principal.self),
                                    ]
                                }
                            }
                            var seen = Set<Seen>()
                            var instances: [any AnyObject & Sendable] = []
                            for try await objects in paths {
                                seen.insert(Seen(identities: objects.map(ObjectIdentifier.init)))
                                instances += objects
                            }
                            return Unit(instances: instances, seen: seen)
                        }
                    }
                }
            }
            return try await group.reduce(into: [Unit]()) { $0.append($1) }
        }
        #expect(units.allSatisfy { $0.seen.count == 1 })
        #expect(Set(units.flatMap { $0.seen.first?.identities ?? [] }).count == 5_000)
    }
}
