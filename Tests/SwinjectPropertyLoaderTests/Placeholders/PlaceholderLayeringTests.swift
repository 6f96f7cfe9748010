import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Applying layers one call at a time ends where applying them together does: a placeholder may
/// name a key a later layer sets, and one that never resolves fails the read of its key and the
/// start-up check, not the apply.
@Suite struct PlaceholderLayeringTests {
    private static let defaults = #"{"database": {"host": "localhost", "port": 5432, "user": "app"}}"#
    private static let app = """
        [database]
        host = "db.internal"
        url = "postgres://${database.user}:${database.password}@${database.host}:${database.port}/orders"
        """

    /// The layers of an orders service: defaults, the application's TOML, a local `.env`, a
    /// mounted secrets directory that sets the password, and the environment.
    private static func layers(secrets: URL) -> [any PropertyLoader] {
        [
            JsonPropertyLoader(string: defaults, name: "defaults.json"),
            TomlPropertyLoader(string: app, name: "app.toml"),
            DotEnvPropertyLoader(string: "database.user=orders\n", name: "local.env"),
            DirectoryPropertyLoader(url: secrets, secret: true),
            EnvironmentPropertyLoader(prefix: "ORDERS_", variables: ["ORDERS_DATABASE_PORT": "6543"]),
        ]
    }

    private static func secretsDirectory() throws -> URL {
        let directory = try makeTemporaryDirectory()
        try Data("pa55word".utf8).write(to: directory.appendingPathComponent("database.password"))
        return directory
    }

    @Test(arguments: [PropertyMerge.deep, .replace])
    func layerByLayerEqualsTogether(merging: PropertyMerge) throws {
        let secrets = try Self.secretsDirectory()
        defer { try? FileManager.default.removeItem(at: secrets) }
        let together = Container()
        try together.applyPropertyLoaders(Self.layers(secrets: secrets), merging: merging)
        let oneByOne = Container()
        for layer in Self.layers(secrets: secrets) {
            try oneByOne.applyPropertyLoader(layer, merging: merging)
        }
        #expect(oneByOne.propertiesDescription == together.propertiesDescription)
        #expect(oneByOne.unresolvedPlaceholders.isEmpty)
        try oneByOne.checkProperties()
        // A TOML table's leaves flatten, so either merge keeps the leaves the defaults set.
        let url: String = try oneByOne.requiredProperty("database.url")
        #expect(url == "postgres://orders:pa55word@db.internal:6543/orders")
        #expect(oneByOne.isSecretProperty("database.url"))
    }

    @Test func aLaterLayerBreaksACycleAnEarlierOneMade() throws {
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(string: "a = \"${b}\"\nb = \"${a}\"\n", name: "one.toml"))
        let cycle = container.unresolvedPlaceholders.map(\.message)
        #expect(
            cycle == ["placeholders form a cycle: a -> b -> a"] || cycle == ["placeholders form a cycle: b -> a -> b"])
        try container.applyPropertyLoader(TomlPropertyLoader(string: "b = \"x\"\n", name: "two.toml"))
        #expect(container.unresolvedPlaceholders.isEmpty)
        #expect(container.property("a") == "x")
    }

    @Test func anUnresolvedPlaceholderFailsTheReadWithKeyAndSource() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: Self.defaults, name: "defaults.json"))
        try container.applyPropertyLoader(TomlPropertyLoader(string: Self.app, name: "app.toml"), merging: .deep)
        // The other keys read as usual.
        #expect(container.property("database.host") == "db.internal")
        let line = #line + 1
        let error = #expect(throws: PropertyError.unresolvedPlaceholder) {
            let _: String = try container.requiredProperty("database.url")
        }
        let cause =
            "app.toml:3:7: placeholder ${database.password} in property \"database.url\" names a property that no"
            + " loader set, and has no default (${database.password:-default} gives one)"
        #expect(
            error?.description
                == "SwinjectPropertyLoaderTests/PlaceholderLayeringTests.swift:\(line): property"
                + " \"database.url\" (Swift.String) does not resolve: " + cause)
        #expect(error?.placeholderError?.code == .unresolvedPlaceholder)
        #expect(error?.placeholderError?.position == SourcePosition(line: 3, column: 7))
        // An optional read gives nil, and the failure is recorded rather than silent.
        let optional: String? = container.property("database.url")
        #expect(optional == nil)
        #expect(container.propertyReadFailures.map(\.code) == [.unresolvedPlaceholder, .unresolvedPlaceholder])
        #expect(container.unresolvedPlaceholders.map(\.description) == [cause])
    }

    @Test func aSectionWithAnUnresolvedMemberIsNotReadAsWhole() throws {
        struct Database: Decodable {
            let host: String
            let url: String?
        }
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(string: Self.app, name: "app.toml"))
        let error = #expect(throws: PropertyError.unresolvedPlaceholder) {
            _ = try container.requiredProperty("database", as: Database.self)
        }
        #expect(error?.key == "database")
        #expect(error?.placeholderError?.message.contains("in property \"database.url\"") == true)
        let section: [String: Any]? = container.property("database")
        #expect(section == nil)
        #expect(container.propertyReadFailures.map(\.key) == ["database", "database"])
    }

    @Test func aValueThatRefersToAnUnresolvedOneFailsWithTheCause() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"link": "${url}/x", "url": "http://${host}"}"#, name: "app.json"))
        let error = #expect(throws: PropertyError.unresolvedPlaceholder) {
            let _: String = try container.requiredProperty("link")
        }
        #expect(error?.placeholderError?.message.hasPrefix("placeholder ${host} in property \"url\"") == true)
        // One cause, listed once.
        #expect(container.unresolvedPlaceholders.count == 1)
    }

    @Test func checkPropertiesReportsEveryUnresolvedPlaceholderWithKeyAndSource() throws {
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(string: Self.app, name: "app.toml"))
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"cache": {"url": "redis://${cache.host}"}}"#, name: "cache.json"))
        final class Repository {
            let url: String
            init(url: String) { self.url = url }
        }
        let line = #line + 1
        container.register(Repository.self) { r in Repository(url: r.property("database.url", .orFatalError)) }
        let error = #expect(throws: PropertyCheckError.unreadableProperties) {
            try container.checkProperties()
        }
        let lines = error?.description.split(separator: "\n").map(String.init) ?? []
        #expect(lines.count == 3)
        #expect(lines.first == "2 properties cannot be read as the registrations need them:")
        // The read in the factory, with its call site, then the placeholder no read met.
        #expect(
            lines.dropFirst().first?.hasPrefix(
                "  SwinjectPropertyLoaderTests/PlaceholderLayeringTests.swift:\(line): property"
                    + " \"database.url\" (Swift.String) does not resolve: app.toml:3:7: placeholder"
                    + " ${database.user} in property \"database.url\"") == true)
        #expect(
            lines.last
                == "  property \"cache.url\" does not resolve: cache.json:1:19: placeholder ${cache.host} in property"
                + " \"cache.url\" names a property that no loader set, and has no default (${cache.host:-default}"
                + " gives one)")
        #expect(error?.failures.map(\.code) == [.unresolvedPlaceholder, .unresolvedPlaceholder])
    }

    @Test func aSecretValuesUnresolvedPlaceholderIsGivenByOffsetAtRead() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"db": {"password": "Xy7${Qz9-TopSecret}abc"}}"#, name: "app.json"))
        let error = #expect(throws: PropertyError.unresolvedPlaceholder) {
            let _: String = try container.requiredProperty("db.password")
        }
        let check = #expect(throws: PropertyCheckError.self) { try container.checkProperties() }
        let renderings = [
            error?.description, check?.description, container.unresolvedPlaceholders.first?.description,
            container.propertiesDescription,
        ]
        for rendering in renderings {
            #expect(rendering?.contains("Qz9") == false, "\(rendering ?? "")")
        }
        #expect(
            error?.placeholderError?.message
                == "placeholder at byte 3 of secret property \"db.password\" names a property no loader set,"
                + " and has no default")
    }
}
