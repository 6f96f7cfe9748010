import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// A failed property read is reported while it still fails: `checkProperties()` and
/// `propertyReadFailures` read each recorded failure again, so a later loader that fixes the key
/// clears it, and one that sets another unusable value reports that value.
@Suite struct StaleReadFailureTests {
    struct Pool: Decodable, Equatable {
        var maxSize: Int
    }

    @Test func aLaterLoaderThatFixesTheKeyClearsTheFailure() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": "abc"}"#, name: "base.json"))
        let first: Int? = container.property("port")
        #expect(first == nil)
        #expect(container.propertyReadFailures.map(\.key) == ["port"])
        let error = try #require(throws: PropertyCheckError.self) {
            try container.checkProperties(resolvingRegistrations: false)
        }
        #expect(error.description.contains(#"property "port" is a string ("abc") from base.json:1:10"#))

        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": 8080}"#, name: "override.json"))
        #expect(container.propertyReadFailures.isEmpty)
        try container.checkProperties(resolvingRegistrations: false)
    }

    @Test func aLaterUnusableValueIsReportedAsItIsNow() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": "abc"}"#, name: "base.json"))
        _ = container.property("port") as Int?
        try container.applyPropertyLoader(TomlPropertyLoader(string: "port = \"xyz\"\n", name: "deploy.toml"))
        let error = try #require(throws: PropertyCheckError.self) {
            try container.checkProperties(resolvingRegistrations: false)
        }
        #expect(error.failures.count == 1)
        #expect(error.description.contains(#"property "port" is a string ("xyz") from deploy.toml:1:8"#))
        #expect(!error.description.contains("abc"))
    }

    /// An optional read of a key that a later layer removed is no longer a failure: nil is a
    /// valid answer for it.
    @Test func aKeyThatIsGoneIsNoLongerAMismatch() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": "abc"}"#, name: "base.json"))
        _ = container.property("port") as Int?
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": null}"#, name: "override.json"))
        #expect(container.propertyReadFailures.isEmpty)
    }

    /// A section read with a key-decoding strategy is read again with that strategy.
    @Test func aSectionIsReadAgainWithItsKeyDecodingStrategy() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"pool": {"max_size": "ten"}}"#, name: "base.json"))
        let pool = container.property("pool", as: Pool.self, keyDecodingStrategy: .convertFromSnakeCase)
        #expect(pool == nil)
        #expect(container.propertyReadFailures.map(\.key) == ["pool"])
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"pool": {"max_size": 10}}"#, name: "override.json"), merging: .deep)
        #expect(container.propertyReadFailures.isEmpty)
        try container.checkProperties(resolvingRegistrations: false)
    }

    /// A read made through a child container is checked by its parent and read again through
    /// the child.
    @Test func aReadThroughAChildIsReadAgainThroughTheChild() throws {
        let parent = Container()
        try parent.applyPropertyLoader(JsonPropertyLoader(string: #"{"retries": "many"}"#, name: "base.json"))
        let child = Container(parent: parent)
        _ = child.property("retries") as Int?
        #expect(parent.propertyReadFailures.map(\.key) == ["retries"])
        try parent.applyPropertyLoader(JsonPropertyLoader(string: #"{"retries": 3}"#, name: "override.json"))
        #expect(parent.propertyReadFailures.isEmpty)
        #expect(child.propertyReadFailures.isEmpty)
        try parent.checkProperties(resolvingRegistrations: false)
    }

    /// The dry run still reports a factory's failed read, and a fix applied before the next
    /// check clears it.
    @Test func aDryRunFailureClearsOnceFixed() throws {
        final class Server {
            let port: Int
            init(port: Int) { self.port = port }
        }
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": "abc"}"#, name: "base.json"))
        container.register(Server.self) { r in Server(port: r.property("port") ?? 80) }
        let error = try #require(throws: PropertyCheckError.self) { try container.checkProperties() }
        #expect(error.failures.map(\.key) == ["port"])
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": 8080}"#, name: "override.json"))
        try container.checkProperties()
        #expect(container.resolve(Server.self)?.port == 8080)
    }
}
