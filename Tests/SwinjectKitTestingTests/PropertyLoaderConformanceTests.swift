import PropertyFormats
import SwinjectKitTesting
import SwinjectPropertyLoader
import Synchronization
import Testing

/// The conformance check run against the built-in loaders, and against loaders that break each
/// rule, which it must report, all at once.
@Suite struct PropertyLoaderConformanceTests {
    @Test func jsonLoaderConforms() {
        let report = PropertyLoaderConformance.check(
            JsonPropertyLoader(
                string: #"{"database": {"port": 5432, "host": "db"}, "tags": ["a", "b"]}"#, name: "app.json"),
            expecting: ["database.port": 5432, "database.host": "db", "tags": ["a", "b"]],
            rejecting: [
                JsonPropertyLoader(string: #"{"port": }"#, name: "bad.json"),
                JsonPropertyLoader(string: "[1, 2]", name: "array.json"),
            ]
        )
        #expect(report.passed, "\(report)")
    }

    @Test func tomlLoaderConforms() {
        let toml = """
            title = "orders"
            [database]
            port = 5432
            ratio = 0.5
            """
        let report = PropertyLoaderConformance.check(
            TomlPropertyLoader(string: toml, name: "app.toml"),
            expecting: ["title": "orders", "database": ["port": 5432, "ratio": 0.5]],
            rejecting: [TomlPropertyLoader(string: "port = = 1", name: "bad.toml")]
        )
        #expect(report.passed, "\(report)")
    }

    @Test func dotEnvLoaderConforms() {
        let report = PropertyLoaderConformance.check(
            DotEnvPropertyLoader(string: "DATABASE_PORT=5432\nNAME='orders'\n", name: ".env"),
            expecting: ["DATABASE_PORT": "5432", "NAME": "orders"],
            rejecting: [DotEnvPropertyLoader(string: "NAME='unterminated\n", name: "bad.env")]
        )
        #expect(report.passed, "\(report)")
    }

    /// A Swift value has no text, so no positions are expected; the source is the type.
    @Test func structLoaderConforms() {
        struct Settings: Sendable {
            let port = 8080
            let name = "orders"
        }
        let report = PropertyLoaderConformance.check(
            StructPropertyLoader(Settings()), expecting: ["port": 8080, "name": "orders"])
        #expect(report.passed, "\(report)")
    }

    /// A loader that breaks several rules gets every violation reported, each with its code.
    @Test func everyViolationIsReported() {
        let report = PropertyLoaderConformance.check(
            SloppyLoader(input: "ok"),
            expecting: ["port": 5432, "name": "orders", "missing": true],
            rejecting: [SloppyLoader(input: "bad")],
            expectsPositions: true
        )
        let codes = Set(report.violations.map(\.code))
        #expect(
            codes == [
                .wrongValue, .missingKey, .unexpectedKey, .missingSource, .missingPosition, .badInputAccepted,
                .unequalRepeatedLoad, .unequalConcurrentLoad,
            ], "\(report)")
        #expect(report.violations.contains { $0.code == .wrongValue && $0.key == "port" })
        #expect(report.description.contains(#"port: expected integer 5432, got string "5432""#), "\(report)")
    }

    /// A loader on bad input that throws an error of its own type: the check says the error has
    /// no source or line:column.
    @Test func foreignErrorsAreReported() {
        let report = PropertyLoaderConformance.check(
            ThrowingLoader(fails: false), expecting: ["a": 1], rejecting: [ThrowingLoader(fails: true)])
        #expect(report.violations.map(\.code) == [.errorWithoutLocation], "\(report)")
    }

    /// A loader that is not `Sendable` is checked for everything but the concurrent loads, which
    /// the report lists as not checked.
    @Test func nonSendableLoadersSkipOnlyTheThreadCheck() {
        let report = PropertyLoaderConformance.check(NonSendableLoader(), expecting: ["a": 1])
        #expect(report.passed, "\(report)")
        #expect(report.notChecked.count == 1)
    }
}

/// Breaks rules on purpose: the port is text, "extra" is unexpected, the source has no name,
/// positions are missing, bad input is accepted, and every load counts differently.
final class SloppyLoader: PropertyBatchLoader, Sendable {
    let input: String
    private let loads = Atomic(0)

    init(input: String) {
        self.input = input
    }

    func loadBatch() throws -> PropertyBatch {
        let count = loads.wrappingAdd(1, ordering: .relaxed).newValue
        var batch = PropertyBatch()
        batch.set("port", to: .string("5432"), source: PropertySource(name: ""))
        batch.set("name", to: .string("orders"), source: PropertySource(name: "sloppy"))
        batch.set("extra", to: .integer(Int64(count)), source: PropertySource(name: "sloppy"))
        return batch
    }
}

struct ThrowingLoader: PropertyBatchLoader, Sendable {
    struct Failure: Error {}
    let fails: Bool

    func loadBatch() throws -> PropertyBatch {
        if fails { throw Failure() }
        var batch = PropertyBatch()
        batch.set("a", to: .integer(1), source: PropertySource(name: "throwing"))
        return batch
    }
}

final class NonSendableLoader: PropertyLoader {
    func load() throws -> [String: Any] { ["a": 1] }
}
