import Foundation
import PropertyFormats
import Swinject
import Testing

@testable import SwinjectPropertyLoader

/// A key may hold a value and keys under it, as upstream's flat dictionary did:
/// `{"test": "scalar", "test.string": "dotted"}` reads both. Only a full key given two values
/// by one source fails.
@Suite struct ScalarBesideMembersTests {
    struct Test: Decodable, Equatable {
        let string: String
    }

    private func json(_ text: String, name: String = "app.json") throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: text, name: name))
        return container
    }

    @Test(arguments: [
        #"{"test": "scalar", "test.string": "dotted"}"#,
        #"{"test.string": "dotted", "test": "scalar"}"#,
    ])
    func jsonReadsBothKeys(text: String) throws {
        let container = try json(text)
        #expect(container.property("test") as String? == "scalar")
        #expect(container.property("test.string") as String? == "dotted")
        #expect(try container.requiredProperty("test") as String == "scalar")
        #expect(container.propertyKeys == ["test", "test.string"])
        #expect(container.propertyReadFailures.isEmpty)
    }

    /// A section read (a dictionary or a `Decodable` type) gives the members; the value stays at
    /// its own key and is not one of them.
    @Test func aSectionReadGivesTheMembers() throws {
        let container = try json(#"{"test": "scalar", "test.string": "dotted"}"#)
        let section = try #require(container.property("test") as [String: Any]?)
        #expect(section.count == 1)
        #expect(section["string"] as? String == "dotted")
        #expect(container.property("test") as Test? == Test(string: "dotted"))
        #expect(try container.requiredProperty("test", as: Test.self) == Test(string: "dotted"))
        #expect(container.property("test") as [String: String]? == ["string": "dotted"])
        #expect(container.propertyReadFailures.isEmpty)
        // A section gathered from a parent holds the members only.
        let nested = try json(#"{"outer.test": "scalar", "outer.test.string": "dotted"}"#)
        let outer = try #require(nested.property("outer") as [String: Any]?)
        #expect((outer["test"] as? [String: Any])?["string"] as? String == "dotted")
        #expect(nested.property("outer.test") as String? == "scalar")
    }

    /// A type that neither the value nor the members convert to is a recorded mismatch.
    @Test func aReadThatFitsNeitherIsAMismatch() throws {
        let container = try json(#"{"test": "scalar", "test.string": "dotted"}"#)
        #expect(container.property("test") as Int? == nil)
        let error = try #require(throws: PropertyError.self) { try container.requiredProperty("test", as: Int.self) }
        #expect(error.code == .typeMismatch)
    }

    /// The same full key set twice by one file fails, naming the key and both places.
    @Test func aTrueCollisionStillFails() throws {
        let container = Container()
        let error = try #require(throws: PropertyLoaderError.self) {
            try container.applyPropertyLoader(
                JsonPropertyLoader(string: #"{"a.b": 1, "a": {"b": 2}}"#, name: "app.json"))
        }
        #expect(error.code == .conflictingKeys)
        #expect(
            error.description
                == #"app.json:1:23: the key "a.b" would replace "a.b", which this source also sets (at 1:9); "#
                + "one key cannot hold two values: rename one of them")
        #expect(container.propertyKeys.isEmpty)
        // Two values for a key beside members collide too.
        let twice = try #require(throws: PropertyLoaderError.self) {
            try container.applyPropertyLoader(
                JsonPropertyLoader(string: #"{"a.b.c": 1, "a.b": 2, "a": {"b": 3}}"#, name: "twice.json"))
        }
        #expect(twice.code == .conflictingKeys)
        #expect(twice.description.hasPrefix(#"twice.json:1:35: the key "a.b" would replace "a.b", which"#))
        #expect(twice.description.contains("(at 1:21)"))
    }

    /// Distinct keys under one name join: a dotted key and a nested object of one file.
    @Test func aDottedKeyAndAnObjectWithOtherMembersJoin() throws {
        let container = try json(#"{"a.b": 1, "a": {"c": 2}, "a.c.d": 3}"#)
        #expect(container.property("a.b") as Int? == 1)
        #expect(container.property("a.c") as Int? == 2)
        #expect(container.property("a.c.d") as Int? == 3)
    }

    @Test func plistReadsBothKeys() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>test</key><string>scalar</string>
            <key>test.string</key><string>dotted</string>
            </dict></plist>
            """
        let container = Container()
        try container.applyPropertyLoader(PlistPropertyLoader(string: plist, name: "app.plist"))
        #expect(container.property("test") as String? == "scalar")
        #expect(container.property("test.string") as String? == "dotted")
    }

    @Test func environmentAndDotEnvReadBothKeys() throws {
        let environment = Container()
        try environment.applyPropertyLoader(
            EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_TEST": "5", "APP_TEST_STRING": "dotted"]))
        #expect(environment.property("test") as Int? == 5)
        #expect(environment.property("test") as String? == "5")
        #expect(environment.property("test.string") as String? == "dotted")
        #expect(environment.property("test") as [String: String]? == ["string": "dotted"])
        for text in ["test=5\ntest.string=dotted\n", "test.string=dotted\ntest=5\n"] {
            let dotEnv = Container()
            try dotEnv.applyPropertyLoader(DotEnvPropertyLoader(string: text, name: ".env"))
            #expect(dotEnv.property("test") as Int? == 5)
            #expect(dotEnv.property("test.string") as String? == "dotted")
        }
    }

    /// Between loaders a later dotted key adds a member and keeps the earlier value; a later value
    /// at the key replaces everything at and under it, as the merge rules say.
    @Test func layeringInBothOrders() throws {
        let container = try json(#"{"test": "scalar"}"#, name: "one.json")
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"test.string": "dotted"}"#, name: "two.json"))
        #expect(container.property("test") as String? == "scalar")
        #expect(container.property("test.string") as String? == "dotted")
        #expect(container.propertySource(for: "test")?.description == "one.json:1:10")

        let reversed = try json(#"{"test.string": "dotted"}"#, name: "one.json")
        try reversed.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": "scalar"}"#, name: "two.json"))
        #expect(reversed.property("test") as String? == "scalar")
        #expect(reversed.property("test.string") as String? == nil)

        // Leaf by leaf, the members of both stay.
        let deep = try json(#"{"test.string": "dotted"}"#, name: "one.json")
        try deep.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"test.other": 1}"#, name: "two.json"), merging: .deep)
        try deep.applyPropertyLoader(JsonPropertyLoader(string: #"{"test.more": 2}"#, name: "three.json"))
        #expect(deep.property("test.string") as String? == "dotted")
        #expect(deep.property("test.other") as Int? == 1)

        // A later value replaces a key that holds both, with the earlier value in its record.
        let both = try json(#"{"test": "scalar", "test.string": "dotted"}"#, name: "one.json")
        try both.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": "later"}"#, name: "two.json"))
        #expect(both.property("test") as String? == "later")
        #expect(both.property("test.string") as String? == nil)
        #expect(both.propertyRecord(for: "test")?.overridden.map(\.description) == ["one.json:1:10"])
    }

    @Test func aPlaceholderInsertsTheValue() throws {
        let container = try json(#"{"test": "scalar", "test.string": "dotted", "ref": "${test}-${test.string}"}"#)
        #expect(container.property("ref") as String? == "scalar-dotted")
        // A value beside members cannot hold a placeholder: it would be read as text.
        let error = try #require(throws: PropertyLoaderError.self) {
            try Container().applyPropertyLoader(
                JsonPropertyLoader(string: #"{"test": "${ref}", "test.string": "x", "ref": 1}"#, name: "app.json"))
        }
        #expect(error.code == .unsupportedValue)
        #expect(error.description.hasPrefix(#"app.json:1:10: the value of "test" holds a placeholder"#))
    }

    @Test func theDescriptionListsBothAndMasksSecrets() throws {
        let container = try json(#"{"test": "scalar", "test.string": "dotted", "token": "hunter2", "token.kind": "x"}"#)
        #expect(
            container.propertiesDescription == """
                test = "scalar" (string) from app.json:1:10
                test.string = "dotted" (string) from app.json:1:35
                token = *** (string) from app.json:1:54
                token.kind = "x" (string) from app.json:1:79
                """)
        #expect(container.propertyRecord(for: "test")?.value == .string("scalar"))
    }

    @Test func checkPropertiesAcceptsBothReads() throws {
        let container = try json(#"{"test": "scalar", "test.string": "dotted"}"#)
        container.register(String.self) { r in
            let scalar: String = r.property("test") ?? "?"
            let section: Test? = r.property("test")
            return scalar + (section?.string ?? "?")
        }
        try container.checkProperties()
        #expect(container.resolve(String.self) == "scalardotted")
    }

    @Test func commandLineArgumentsSetBoth() throws {
        let container = Container()
        try container.applyPropertyLoader(
            CommandLinePropertyLoader(arguments: ["--test.string=dotted", "--test=7"]))
        #expect(container.property("test") as Int? == 7)
        #expect(container.property("test.string") as String? == "dotted")
    }

    /// The schema lists each key a factory read (one type per key and registration).
    @Test func theSchemaListsTheValueAndTheSection() throws {
        let container = try json(#"{"test": "scalar", "test.string": "dotted"}"#)
        container.register(String.self) { r in
            let scalar: String = r.property("test") ?? "?"
            let section: Test? = r.property("test")
            let member: String = r.property("test.string") ?? "?"
            return scalar + (section?.string ?? "?") + member
        }
        #expect(container.resolve(String.self) == "scalardotteddotted")
        let properties = container.propertySchema().properties
        #expect(properties.contains { $0.key == "test" })
        #expect(properties.contains { $0.key == "test.string" })
        #expect(container.propertyReadFailures.isEmpty)
    }

    /// A reload that changes only the value, or only a member, names that key.
    @Test func aReloadNamesTheChangedKey() throws {
        func snapshot(_ text: String) throws -> PropertySnapshot {
            try PropertySnapshot.empty.applying(JsonPropertyLoader(string: text).loadBatch(), merging: .replace)
        }
        let old = try snapshot(#"{"test": "scalar", "test.string": "dotted"}"#)
        let value = try snapshot(#"{"test": "other", "test.string": "dotted"}"#)
        let member = try snapshot(#"{"test": "scalar", "test.string": "other"}"#)
        let plain = try snapshot(#"{"test": "scalar"}"#)
        #expect(value.changedKeys(since: old) == ["test"])
        #expect(member.changedKeys(since: old) == ["test.string"])
        #expect(plain.changedKeys(since: old) == ["test", "test.string"])
        #expect(old.changedKeys(since: old).isEmpty)
    }
}
