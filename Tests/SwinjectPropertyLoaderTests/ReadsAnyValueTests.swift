import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// `Any` reads give plain values, never `Optional` boxes.
@Suite struct ReadsAnyValueTests {
    private func container() throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"{"server": {"host": "a", "ports": [1, 2], "tls": {"on": true}}, "list": ["x", {"k": 1}]}"#))
        return container
    }

    /// The reported case: `["host": Optional("a")]`.
    @Test func dictionaryHoldsPlainValues() throws {
        let server: [String: Any] = try #require(try container().property("server"))
        #expect("\(server["host"] ?? "none")" == "a")
        #expect(server["host"] is String)
        #expect(!String(describing: server).contains("Optional"))
        let tls = try #require(server["tls"] as? [String: Any])
        #expect(tls["on"] as? Bool == true)
        #expect(!String(describing: tls).contains("Optional"))
    }

    /// Variant: arrays and nested values read as `[Any]` and `Any`.
    @Test func arraysAndSingleValuesHoldPlainValues() throws {
        let container = try container()
        let list: [Any] = try #require(container.property("list"))
        #expect(list.first is String)
        #expect((list.last as? [String: Any])?["k"] as? Int == 1)
        #expect(!String(describing: list).contains("Optional"))
        let host: Any = try #require(container.property("server.host"))
        #expect("\(host)" == "a")
        let ports: Any = try #require(container.property("server.ports"))
        #expect(!"\(ports)".contains("Optional"))
    }
}
