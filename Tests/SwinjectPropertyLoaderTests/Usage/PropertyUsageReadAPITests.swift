import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Every read API attributes its key to the registration whose factory made the read; only the
/// public API is used here.
@Suite struct PropertyUsageReadAPITests {
    struct Pool: Decodable {
        var maxSize: Int
    }

    final class Service {
        var values: [Any?] = []
    }

    static let json = #"""
        {"a": "1", "b": 2, "c": {"x": 1}, "pool": {"max_size": 4}, "e": "5", "f": true, "g": 7.5, "h": "h"}
        """#

    @Test func eachReadAPIRecordsItsKeyAndCallSite() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: Self.json))
        var lines: [String: Int] = [:]
        container.register(Service.self) { r in
            let service = Service()
            service.values.append(r.property("a") as String?)
            lines["a"] = #line - 1
            service.values.append(r.property(PropertyKey("b")) as Int?)
            lines["b"] = #line - 1
            service.values.append(r.property("c") as [String: Int]?)
            lines["c"] = #line - 1
            service.values.append(r.property("pool", as: Pool.self, keyDecodingStrategy: .convertFromSnakeCase))
            lines["pool"] = #line - 1
            service.values.append(try? r.requiredProperty("e", as: Int.self))
            lines["e"] = #line - 1
            service.values.append(r.property("f", .orFatalError) as Bool)
            lines["f"] = #line - 1
            service.values.append(r.property("g", default: 0.0))
            lines["g"] = #line - 1
            service.values.append(r.property("missing", as: String.self))
            lines["missing"] = #line - 1
            return service
        }
        _ = container.resolve(Service.self)

        let usage = container.propertyUsage
        let registration = PropertyUsage.Registration(serviceType: Service.self)
        #expect(usage.isTracking)
        #expect(usage.keys(readBy: registration) == ["a", "b", "c", "e", "f", "g", "missing", "pool"])
        for (key, line) in lines {
            #expect(
                usage.readers(of: key).map(\.site) == [PropertyUsage.ReadSite(fileID: #fileID, line: line)],
                "key \(key)")
            #expect(usage.readers(of: key).map(\.registration) == [registration], "key \(key)")
        }
        #expect(usage.unreadKeys.map(\.key) == ["h"])
        #expect(usage.unsetKeys.map(\.key) == ["missing"])
    }

    final class Outer {
        let inner: Inner
        init(inner: Inner) { self.inner = inner }
    }

    final class Inner {}

    @Test func aReadBelongsToTheInnermostRunningFactory() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"outer": 1, "inner": 2, "after": 3}"#))
        container.register(Inner.self) { r in
            _ = r.property("inner") as Int?
            return Inner()
        }
        container.register(Outer.self, name: "main") { r in
            _ = r.property("outer") as Int?
            let outer = Outer(inner: r.resolve(Inner.self)!)
            _ = r.property("after") as Int?
            return outer
        }
        .inObjectScope(.container)
        _ = container.resolve(Outer.self, name: "main")

        let usage = container.propertyUsage
        let outer = PropertyUsage.Registration(serviceType: Outer.self, name: "main")
        #expect(usage.keys(readBy: outer) == ["after", "outer"])
        #expect(usage.keys(readBy: PropertyUsage.Registration(serviceType: Inner.self)) == ["inner"])
        #expect(usage.unreadKeys.isEmpty)
    }

    @Test func readsOutsideAnyFactoryAreListedWithoutARegistration() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": 8080, "typo.key": 1}"#))
        let port: Int? = container.property("port")
        let line = #line - 1
        #expect(port == 8080)

        let readers = container.propertyUsage.readers(of: "port")
        #expect(readers.map(\.registration) == [nil])
        #expect(readers.map(\.site.line) == [line])
        #expect(container.propertyUsage.unreadKeys.map(\.key) == ["typo.key"])
    }

    final class Database {
        let host: String
        let port: Int
        init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    /// Several keys read on one line of one factory are each attributed to it (a client's
    /// report listed only the first of them).
    @Test func everyKeyReadOnOneLineHasItsReader() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"database": {"host": "a", "port": 5432}}"#))
        container.register(Database.self) { r in
            Database(
                host: r.property("database.host", default: "localhost"), port: r.property("database.port", default: 1))
        }
        #expect(container.resolve(Database.self)?.port == 5432)

        let usage = container.propertyUsage
        #expect(
            usage.readers(of: "database.host").map(\.registration?.description) == [
                "\(String(reflecting: Database.self))"
            ])
        #expect(
            usage.readers(of: "database.port").map(\.registration?.description) == [
                "\(String(reflecting: Database.self))"
            ])
        #expect(usage.unreadKeys.isEmpty)
    }

    /// Variant: two registrations reading the same key from one shared helper line each have
    /// their own reader.
    @Test func twoFactoriesReadingOneKeyThroughOneHelperAreBothReaders() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"region": "eu", "zone": "b"}"#))
        func location(_ r: any Resolver) -> String {
            (r.property("region", default: "") as String) + (r.property("zone", default: "") as String)
        }
        container.register(String.self, name: "first") { r in location(r) }
        container.register(String.self, name: "second") { r in location(r) }
        _ = container.resolve(String.self, name: "first")
        _ = container.resolve(String.self, name: "second")
        let usage = container.propertyUsage
        #expect(usage.readers(of: "region").count == 2)
        #expect(usage.readers(of: "zone").count == 2)
    }
}
