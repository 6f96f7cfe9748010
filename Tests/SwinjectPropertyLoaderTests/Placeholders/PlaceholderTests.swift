import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

@Suite struct PlaceholderTests {
    private func container(_ documents: (name: String, json: String)...) throws -> Container {
        let container = Container()
        for document in documents {
            try container.applyPropertyLoader(JsonPropertyLoader(string: document.json, name: document.name))
        }
        return container
    }

    @Test func insertsOtherPropertiesIntoStrings() throws {
        let container = try self.container(
            (
                "app.json",
                """
                {"database": {"host": "db.internal", "port": 5432},
                 "url": "postgres://${database.host}:${database.port}/orders"}
                """
            ))
        #expect(container.property("url") == "postgres://db.internal:5432/orders")
    }

    @Test func defaultsEscapesAndLoneDollars() throws {
        let container = try self.container(
            (
                "app.json",
                #"{"a": "${missing:-fallback}", "b": "$${literal} and ${missing:-}", "c": "costs $5 or $$", "d": "$${"}"#
            ))
        #expect(container.property("a") == "fallback")
        #expect(container.property("b") == "${literal} and ")
        #expect(container.property("c") == "costs $5 or $$")
        #expect(container.property("d") == "${")
    }

    @Test func laterLoaderChangesEveryValueThatRefersToIt() throws {
        let container = try self.container(
            ("base.json", #"{"host": "localhost", "url": "http://${host}/api"}"#),
            ("prod.json", #"{"host": "api.example.com"}"#))
        #expect(container.property("url") == "http://api.example.com/api")
        // A variant in TOML: a table whose leaves flatten, and a template set before its key.
        let toml = Container()
        try toml.applyPropertyLoader(
            TomlPropertyLoader(
                string: "[service]\nname = \"orders\"\nlabel = \"${service.name}-v${service.version:-1}\"\n"))
        #expect(toml.property("service.label") == "orders-v1")
        try toml.applyPropertyLoader(TomlPropertyLoader(string: "[service]\nversion = 2\n"))
        #expect(toml.property("service.label") == "orders-v2")
    }

    @Test func exactlyOnePlaceholderKeepsTheType() throws {
        let container = try self.container(
            ("app.json", #"{"db": {"port": 5432, "tls": true}, "pool": {"port": "${db.port}", "tls": "${db.tls}"}}"#))
        #expect(container.property("pool.port") == 5432)
        #expect(container.property("pool.tls") == true)
    }

    @Test func siblingsInsideOneValueAndArraysResolve() throws {
        let container = try self.container(
            (
                "app.json",
                #"{"db": {"url": "${db.host}:1", "host": "h"}, "servers": ["${db.host}:2", {"url": "${db.url}/x"}]}"#
            ))
        #expect(container.property("db.url") == "h:1")
        #expect(container.property("servers.0") == "h:2")
        #expect(container.property("servers.1.url") == "h:1/x")
    }

    @Test func recordKeepsTheTemplateSourceAndListsReferences() throws {
        let container = try self.container(
            ("base.json", "{\n  \"host\": \"db\"\n}"),
            ("app.json", "{\n  \"url\": \"${host}:${port:-5432}\"\n}"))
        let record = try #require(container.propertyRecord(for: "url"))
        #expect(record.source.description == "app.json:2:10")
        #expect(record.references.map(\.key) == ["host", "port"])
        #expect(record.references.map { $0.source?.description } == ["base.json:2:11", nil])
        #expect(record.references.map(\.description) == ["host from base.json:2:11", "port (default used)"])
    }

    @Test func childContainerRefersToItsParentsKeys() throws {
        let parent = try self.container(("parent.json", #"{"host": "parent-host", "url": "http://${host}"}"#))
        let child = Container(parent: parent)
        try child.applyPropertyLoader(JsonPropertyLoader(string: #"{"link": "${url}/child"}"#, name: "child.json"))
        #expect(child.property("link") == "http://parent-host/child")
        // The child's own value for a key the parent's template uses is what the child sees.
        try child.applyPropertyLoader(JsonPropertyLoader(string: #"{"host": "child-host"}"#, name: "child2.json"))
        #expect(child.property("url") == "http://child-host")
        #expect(parent.property("url") == "http://parent-host")
    }

    @Test func missingKeyIsAnErrorNamingKeyTemplateAndPosition() throws {
        let container = try self.container(("base.json", #"{"kept": 1}"#))
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: "{\n  \"url\": \"http://${database.host}/x\"\n}", name: "app.json"))
        let error = try #require(container.unresolvedPlaceholders.first)
        #expect(error == .unresolvedPlaceholder)
        #expect(
            error.description
                == "app.json:2:10: placeholder ${database.host} in property \"url\" names a property that no loader"
                + " set, and has no default (${database.host:-default} gives one)")
        // The key is there, and its read fails with that error.
        #expect(container.propertyKeys == ["kept", "url"])
        let read = #expect(throws: PropertyError.unresolvedPlaceholder) {
            let _: String = try container.requiredProperty("url")
        }
        #expect(read?.placeholderError?.description == error.description)
    }

    @Test func cycleNamesTheChain() throws {
        let container = try self.container(("app.json", #"{"a": "${b}", "b": "x${c}", "c": "${a}"}"#))
        let errors = container.unresolvedPlaceholders
        #expect(errors.map(\.code) == [.placeholderCycle])
        #expect(errors.first?.message == "placeholders form a cycle: a -> b -> c -> a")
        for key in ["a", "b", "c"] {
            #expect(throws: PropertyError.unresolvedPlaceholder) { let _: String = try container.requiredProperty(key) }
        }
        let selfCycle = Container()
        try selfCycle.applyPropertyLoader(TomlPropertyLoader(string: "a = \"${a}\""))
        #expect(selfCycle.unresolvedPlaceholders.map(\.message) == ["placeholders form a cycle: a -> a"])
    }

    @Test func malformedPlaceholdersAreErrors() throws {
        let cases: [(String, String)] = [
            (#"{"k": "abc${x"}"#, "property \"k\" has a \"${\" at byte 3 of its value with no closing \"}\""),
            (#"{"k": "${}"}"#, "property \"k\" has an empty placeholder \"${}\" at byte 0 of its value"),
            (#"{"k": "${a.${b}}"}"#, "property \"k\" has a placeholder inside another at byte 0"),
            (#"{"k": "${env:HOME}"}"#, "property \"k\" uses ${env:HOME}; the env: prefix is not supported"),
        ]
        for (json, expected) in cases {
            let error = #expect(throws: PropertyLoaderError.malformedPlaceholder) {
                try self.container(("app.json", json))
            }
            #expect(error?.message.hasPrefix(expected) == true, "\(error?.message ?? "")")
        }
    }

    @Test func loadersAppliedTogetherResolveOnceAfterTheLast() throws {
        let container = Container()
        try container.applyPropertyLoaders([
            JsonPropertyLoader(string: #"{"url": "postgres://${database.host}/orders"}"#),
            JsonPropertyLoader(string: #"{"database": {"host": "db.internal"}}"#),
        ])
        #expect(container.property("url") == "postgres://db.internal/orders")
        // Alone, the first loader leaves the placeholder unresolved until a later one sets the key.
        let alone = Container()
        try alone.applyPropertyLoader(JsonPropertyLoader(string: #"{"url": "${database.host}"}"#))
        #expect(alone.unresolvedPlaceholders.map(\.code) == [.unresolvedPlaceholder])
        try alone.applyPropertyLoader(JsonPropertyLoader(string: #"{"database": {"host": "db.internal"}}"#))
        #expect(alone.unresolvedPlaceholders.isEmpty)
        #expect(alone.property("url") == "db.internal")
        let assembler = try Assembler(
            assemblies: [],
            propertyLoaders: [
                TomlPropertyLoader(string: "greeting = \"hello ${name}\""),
                TomlPropertyLoader(string: "name = \"ops\""),
            ])
        #expect(assembler.resolver.property("greeting") == "hello ops")
        // All or none: a loader that fails leaves nothing of the others.
        let untouched = Container()
        #expect(throws: PropertyLoaderError.malformedPlaceholder) {
            try untouched.applyPropertyLoaders([
                JsonPropertyLoader(string: #"{"a": 1}"#), JsonPropertyLoader(string: #"{"b": "${c"}"#),
            ])
        }
        #expect(untouched.propertyKeys.isEmpty)
    }

    @Test func aTableOrArrayCannotBeInserted() throws {
        let container = try self.container(
            ("app.json", #"{"db": {"a": 1}, "list": [1], "k": "x${db}", "j": "${list}"}"#))
        #expect(
            container.unresolvedPlaceholders.map(\.message) == [
                "placeholder ${list} in property \"j\" names an array, which cannot be inserted into text",
                "placeholder ${db} in property \"k\" names a table, which cannot be inserted into text",
            ])
    }
}
