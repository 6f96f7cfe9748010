import PropertyFormats
import Swinject
import SwinjectKitTesting
import SwinjectPropertyLoader
import Testing

extension PropertyKey {
    static let databasePort: PropertyKey = "database.port"
}

enum Configured {
    /// A container with loaded properties, as an application's would be.
    nonisolated(unsafe) static let container: Container = {
        let container = Container()
        let json = """
            {
              "feature": {"newCheckout": false, "banner": "spring"},
              "database": {"host": "db.internal", "port": 5432},
              "database.url": "postgres://${database.host}:${database.port}"
            }
            """
        // A failure to load shows up in every test as the missing keys it reads.
        try? container.applyPropertyLoader(JsonPropertyLoader(string: json, name: "app.json"))
        return container
    }()
}

@Suite struct PropertyOverrideTests {
    @Test(.properties(["feature.newCheckout": true, "database.port": 1]))
    func traitLayersValuesOverTheLoadedOnes() throws {
        let container = Configured.container
        #expect(container.property("feature.newCheckout") == true)
        #expect(container.property("database.port") == 1)
        // Keys the test does not set keep their loaded values.
        #expect(container.property("feature.banner") == "spring")
        #expect(try container.requiredProperty("database.host", as: String.self) == "db.internal")
    }

    @Test func withoutTheTraitTheLoadedValuesAreRead() {
        #expect(Configured.container.property("feature.newCheckout") == false)
        #expect(Configured.container.property("database.port") == 5432)
    }

    /// Placeholders that refer to an overridden key see the test's value.
    @Test(.properties(["database.host": "localhost"]))
    func placeholdersSeeTheOverride() {
        #expect(Configured.container.property("database.url") == "postgres://localhost:5432")
    }

    /// The source names the test file and line, so provenance says where the value came from.
    @Test func sourceNamesTheTest() throws {
        let line = #line + 1
        try withOverrides(.properties(["database.port": 2])) {
            let source = try #require(Configured.container.propertySource(for: "database.port"))
            #expect(source.name == "test override (SwinjectKitTestingTests/PropertyOverrideTests.swift:\(line))")
        }
    }

    /// `nil` hides a loaded key; a table replaces the loaded table whole.
    @Test(.properties(["feature.banner": nil, "database": ["host": "other"]]))
    func nullHidesAndTablesReplace() {
        #expect(Configured.container.property("feature.banner") as String? == nil)
        #expect(Configured.container.property("database.host") == "other")
        #expect(Configured.container.property("database.port") as Int? == nil)
    }

    /// The value at a key and the keys under it are separate: `nil` at `feature` hides nothing
    /// under it, and an empty table empties the members.
    @Test(.properties(["feature": nil, "database": [:]]))
    func nullAtASectionHidesOnlyItsValue() {
        #expect(Configured.container.property("feature.banner") as String? == "spring")
        #expect(Configured.container.property("feature") as String? == nil)
        #expect(Configured.container.property("database.host") as String? == nil)
        #expect(Configured.container.property("database.port") as Int? == nil)
    }

    /// A container without loaders, and a child container, read the overrides too.
    @Test(.properties(["region": "eu"]))
    func everyContainerReadsTheLayer() {
        let empty = Container()
        let child = Container(parent: Configured.container)
        #expect(empty.property("region") == "eu")
        #expect(child.property("region") == "eu")
        #expect(child.property("database.port") == 5432)
    }

    /// Variant through declared keys and a `Decodable` section: every read path derives from the
    /// layered snapshot.
    @Test(.properties([.databasePort: 6543]))
    func declaredKeysAndSectionsReadTheLayer() throws {
        struct Database: Decodable, Equatable {
            let host: String
            let port: Int
        }
        #expect(Configured.container.property(.databasePort) == 6543)
        let database = try Configured.container.requiredProperty("database", as: Database.self)
        #expect(database == Database(host: "db.internal", port: 6543))
    }

    /// Inner scopes win over outer ones; leaving a scope restores the outer values.
    @Test func layersNest() throws {
        try withOverrides(.properties(["database.port": 10, "feature.banner": "outer"])) {
            try withOverrides(.properties(["database.port": 20])) {
                #expect(Configured.container.property("database.port") == 20)
                #expect(Configured.container.property("feature.banner") == "outer")
            }
            #expect(Configured.container.property("database.port") == 10)
        }
        #expect(Configured.container.property("database.port") == 5432)
    }

    /// A key the store refuses (more segments than `ParseLimits.maxKeySegments`) fails the scope
    /// before the test body runs, with the loader error naming the key.
    @Test func aRefusedKeyStopsTheScope() {
        let key = PropertyKey(
            stringLiteral: Array(repeating: "a", count: ParseLimits.default.maxKeySegments + 1).joined(separator: "."))
        var ran = false
        #expect(throws: PropertyLoaderError.self) {
            try withOverrides(.properties([key: 1])) { ran = true }
        }
        #expect(!ran)
    }
}

/// Values computed in the test, not only literals.
@Suite struct PropertyOverrideValueTests {
    @Test(arguments: [3, 8])
    func interpolatedAndVariableValues(id: Int) throws {
        let port = 5000 + id
        try withOverrides(.properties(["database.name": "orders-\(id)", "database.port": port])) {
            #expect(Container().property("database.name") == "orders-\(id)")
            #expect(Container().property("database.port") == port)
        }
    }

    @Test func variablesOfEveryKind() throws {
        let (flag, ratio, label) = (true, 0.25, "x")
        let hosts = ["a", "b"]
        let limits = ["read": 1, "write": 2]
        let missing: Int? = nil
        let present: Int? = 7
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"hidden": 1}"#))
        try withOverrides(
            .properties([
                "a": flag, "b": ratio, "c": label, "hosts": hosts, "limits": limits, "hidden": missing,
                "present": present, "wrapped": TestPropertyValue(.integer(9)),
            ])
        ) {
            #expect(container.property("a") == flag)
            #expect(container.property("b") == ratio)
            #expect(container.property("c") == label)
            #expect(container.property("hosts") == hosts)
            #expect(container.property("limits.write") == 2)
            #expect(container.property("hidden") as Int? == nil)
            #expect(container.property("present") == 7)
            #expect(container.property("wrapped") == 9)
        }
        #expect(container.property("hidden") == 1)
    }

    /// A value of a type properties cannot hold is a test issue naming the key and the type;
    /// the other keys are still set.
    @Test func aValueOfAnUnsupportedTypeIsATestIssue() throws {
        struct Opaque: Sendable {}
        try withKnownIssue {
            try withOverrides(.properties(["odd": Opaque(), "port": 8080])) {
                #expect(Container().property("port") == 8080)
                #expect(Container().property("odd") as String? == nil)
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined() + "\(issue)"
            return text.contains("\"odd\"") && text.contains("Opaque")
        }
    }
}
