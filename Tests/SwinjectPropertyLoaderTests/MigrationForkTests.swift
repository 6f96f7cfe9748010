import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

extension PropertyKey {
    fileprivate static let migrationString = PropertyKey("test.string")
    fileprivate static let migrationInt = PropertyKey(rawValue: "test.int")
    fileprivate static let migrationMissing: PropertyKey = "test.missing"
}

/// The SwinjectPropertyLoader 2.x fork's tests, written against our public API with the fork's
/// spellings: `PropertyKey.rawValue`, `init(rawValue:)`, `debugDescription`, `property(forKey:)`
/// and its error cases with their payloads.
@Suite struct MigrationForkTests {
    // MARK: PropertyKey

    @Test func propertyKeyCreation() {
        let key1 = PropertyKey("my.key")
        let key2 = PropertyKey(rawValue: "my.key")
        #expect(key1.rawValue == "my.key")
        #expect(key2.rawValue == "my.key")
        #expect(key1 == key2)
        #expect(Set([key1, key2, PropertyKey("other.key")]).count == 2)
    }

    @Test func propertyKeyDescription() {
        let key = PropertyKey("my.key")
        #expect(key.description == "my.key")
        #expect(key.debugDescription == "PropertyKey(\"my.key\")")
        #expect(String(reflecting: key) == "PropertyKey(\"my.key\")")
        #expect(PropertyKey(#"quo"te"#).debugDescription == #"PropertyKey("quo\"te")"#)
    }

    @available(*, deprecated, message: "exercises the fork's deprecated spelling")
    @Test func propertyForKeyReadsTheSameValue() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(bundle: Fixtures.bundle, name: "migration-first"))
        let viaKey: String? = container.property(forKey: .migrationString)
        let viaString: String? = container.property("test.string")
        let number: Int? = container.property(forKey: .migrationInt)
        let missing: Int? = container.property(forKey: .migrationMissing)
        #expect(viaKey == viaString)
        #expect(viaKey == "first")
        #expect(number == 100)
        #expect(missing == nil)
    }

    /// The fork read JSON through `JSONSerialization`, where `1` cast to `Bool` and `true` to
    /// `Int` (`NSNumber` bridging). Numbers and booleans do not cross here: the reads are nil,
    /// and each is a recorded type mismatch naming the key, the stored value and the file, as
    /// the migration article says.
    @Test func numbersAndBooleansDoNotCrossAsTheForksBridgingDid() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"feature": {"enabled": 1}, "retries": true}"#, name: "app.json"))
        #expect(container.property("feature.enabled") as Bool? == nil)
        #expect(container.property("retries") as Int? == nil)
        #expect(container.property("feature.enabled") == 1)
        #expect(container.property("retries") == true)
        let failures = container.propertyReadFailures.map(\.description)
        let flag = #"property "feature.enabled" is an integer (1) from app.json:1:25, not convertible to Swift.Bool"#
        let count = #"property "retries" is a bool (true) from app.json:1:40, not convertible to Swift.Int"#
        #expect(failures.contains { $0.hasSuffix(flag) })
        #expect(failures.contains { $0.hasSuffix(count) })
    }

    // MARK: Errors, as the fork's TOML and URL tests match them

    @Test func missingBundleResourceCarriesBundleAndName() throws {
        let bundle = Fixtures.bundle
        let loader = TomlPropertyLoader(bundle: bundle, name: "nonexistent")
        let error = try #require(throws: PropertyLoaderError.self) { try loader.load() }
        guard case .missingResource(let errorBundle, let name)? = error.upstreamCase else {
            Issue.record("Expected missingResource error, got \(error)")
            return
        }
        #expect(errorBundle.bundlePath == bundle.bundlePath)
        #expect(name == "nonexistent")
        #expect(throws: PropertyLoaderError.missingResource) { try loader.load() }
    }

    @Test func invalidBundleTomlCarriesBundleAndName() throws {
        let bundle = Fixtures.bundle
        let loader = TomlPropertyLoader(bundle: bundle, name: "migration-invalid")
        do {
            _ = try loader.load()
            Issue.record("expected an error")
        } catch PropertyLoaderError.invalidTOMLFormat(bundle: bundle, name: "migration-invalid") {
            // matched by case and payload
        } catch {
            Issue.record("Expected invalidTOMLFormat error, got \(error)")
        }
    }

    /// The reported case: a missing file given by URL is `missingResourceURL(url:)`.
    @Test(arguments: ["json", "plist", "toml"])
    func missingURLIsMissingResourceURL(fileExtension: String) throws {
        let missingURL = FileManager.default.temporaryDirectory.appendingPathComponent("nonexistent.\(fileExtension)")
        let loader: any PropertyLoader =
            switch fileExtension {
            case "json": JsonPropertyLoader(url: missingURL)
            case "plist": PlistPropertyLoader(url: missingURL)
            default: TomlPropertyLoader(url: missingURL)
            }
        let error = try #require(throws: (any Error).self) { try loader.load() }
        guard case .missingResourceURL(let url)? = PropertyLoaderError.upstreamCase(of: error) else {
            Issue.record("Expected missingResourceURL error, got \(error)")
            return
        }
        #expect(url == missingURL)
        #expect((error as? PropertyLoaderError)?.code == .missingResource)
    }

    /// Variant: the invalid-format cases of files given by URL, matched in `catch` clauses by
    /// case and payload, beside a clause for another error type.
    @Test func invalidFormatsAtURLsMatchInCatchClauses() throws {
        let json = try #require(Fixtures.url("migration-invalid", "json"))
        let toml = try #require(Fixtures.url("migration-invalid", "toml"))
        var matched: [String] = []
        for loader in [JsonPropertyLoader(url: json) as any PropertyLoader, TomlPropertyLoader(url: toml)] {
            do {
                try Container().applyPropertyLoader(loader)
            } catch is CancellationError {
                Issue.record("not thrown")
            } catch PropertyLoaderError.invalidJSONFormatURL(url: json) {
                matched.append("json")
            } catch PropertyLoaderError.invalidTOMLFormatURL(url: toml) {
                matched.append("toml")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        #expect(matched == ["json", "toml"])
        #expect(!(PropertyLoaderError.missingResourceURL(url: json) ~= CancellationError()))
    }

    @Test func loadsFromURLAndBundleLikeTheFork() throws {
        let url = try #require(Fixtures.url("migration-first", "toml"))
        let properties = try TomlPropertyLoader(url: url).load()
        #expect(properties["test.string"] as? String == "first")
        #expect(properties["api.base_url"] as? String == "https://api.example.com")
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(bundle: Fixtures.bundle, name: "migration-first"))
        let timeout: Int? = container.property("api.timeout")
        #expect(timeout == 30)
        let array: [String]? = container.property("test.array")
        #expect(array == ["item1", "item2"])
    }
}

/// Variants of the fork's error matching for formats and forms beyond its own tests.
@Suite struct MigrationForkErrorVariantTests {
    @Test func bundleJsonWithAnArrayAtTheTopIsInvalidJSONFormat() throws {
        let bundle = Fixtures.bundle
        let error = try #require(throws: PropertyLoaderError.self) {
            try JsonPropertyLoader(bundle: bundle, name: "migration-invalid").load()
        }
        guard case .invalidJSONFormat(let errorBundle, let name)? = error.upstreamCase else {
            Issue.record("Expected invalidJSONFormat error, got \(error)")
            return
        }
        #expect(errorBundle.bundlePath == bundle.bundlePath)
        #expect(name == "migration-invalid")
    }

    /// A property list at a URL matches its URL pattern; a bundle pattern matches only its own
    /// resource name and format.
    @Test func plistAtAURLAndJsonInABundleMatchTheirPatterns() throws {
        let bundle = Fixtures.bundle
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("broken.plist")
        try Data("<plist><array/></plist>".utf8).write(to: url)
        let loader = PlistPropertyLoader(url: url)
        #expect(throws: Never.self) {
            do {
                _ = try loader.load()
            } catch PropertyLoaderError.invalidPlistFormatURL(url: url) {
                // matched
            }
        }
        let fixtureError = try #require(throws: PropertyLoaderError.self) {
            try JsonPropertyLoader(bundle: bundle, name: "migration-invalid").load()
        }
        #expect(PropertyLoaderError.invalidJSONFormat(bundle: bundle, name: "migration-invalid") ~= fixtureError)
        #expect(!(PropertyLoaderError.invalidJSONFormat(bundle: bundle, name: "other") ~= fixtureError))
        #expect(!(PropertyLoaderError.invalidTOMLFormat(bundle: bundle, name: "migration-invalid") ~= fixtureError))
    }

    @Test func stringInputsHaveNoUpstreamCase() throws {
        let error = try #require(throws: PropertyLoaderError.self) {
            try JsonPropertyLoader(string: "[1]").load()
        }
        #expect(error.upstreamCase == nil)
        #expect(error.code == .invalidTopLevel)
    }
}
