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

    /// Registers a `String` built from a value read of `test` and a section read of it.
    private func registerBothReads(in container: Container) {
        container.register(String.self) { r in
            let scalar: String = r.property("test") ?? "?"
            let section: Test? = r.property("test")
            return scalar + (section?.string ?? "?")
        }
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

    /// Between loaders a later dotted key adds a member and keeps the earlier value, and a later
    /// value keeps the earlier members: the value and the members are separate slots.
    @Test(arguments: [PropertyMerge.replace, .deep])
    func layeringInBothOrders(merging: PropertyMerge) throws {
        let container = try json(#"{"test": "scalar"}"#, name: "one.json")
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"test.string": "dotted"}"#, name: "two.json"), merging: merging)
        #expect(container.property("test") as String? == "scalar")
        #expect(container.property("test.string") as String? == "dotted")
        #expect(container.propertySource(for: "test")?.description == "one.json:1:10")

        let reversed = try json(#"{"test.string": "dotted"}"#, name: "one.json")
        try reversed.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"test": "scalar"}"#, name: "two.json"), merging: merging)
        #expect(reversed.property("test") as String? == "scalar")
        #expect(reversed.property("test.string") as String? == "dotted")
        #expect(reversed.property("test") as [String: String]? == ["string": "dotted"])
        #expect(reversed.property("test") as Test? == Test(string: "dotted"))
        #expect(reversed.propertyKeys == ["test", "test.string"])
        #expect(reversed.propertySource(for: "test")?.description == "two.json:1:10")
        #expect(reversed.propertySource(for: "test.string")?.description == "one.json:1:17")
        #expect(reversed.propertyRecord(for: "test")?.overridden.isEmpty == true)
        #expect(reversed.propertyReadFailures.isEmpty)

        // Members set as a nested object stay too, and so do members deeper down.
        let nested = try json(#"{"test": {"string": "dotted"}, "a": {"b": {"c": 1}}}"#, name: "one.json")
        try nested.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"test": "scalar", "a.b": 2}"#, name: "two.json"), merging: merging)
        #expect(nested.property("test") as String? == "scalar")
        #expect(nested.property("test.string") as String? == "dotted")
        #expect(nested.property("a.b") as Int? == 2)
        #expect(nested.property("a.b.c") as Int? == 1)
        #expect(nested.propertyKeys == ["a.b", "a.b.c", "test", "test.string"])
    }

    /// A later table keeps the earlier value; its members replace the earlier ones, or with
    /// `.deep` merge into them.
    @Test func aLaterTableKeepsTheValue() throws {
        let over = try json(#"{"test": "scalar"}"#, name: "one.json")
        try over.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": {"string": "dotted"}}"#, name: "two.json"))
        #expect(over.property("test") as String? == "scalar")
        #expect(over.property("test.string") as String? == "dotted")
        #expect(over.propertySource(for: "test")?.description == "one.json:1:10")
        #expect(over.propertyRecord(for: "test")?.overridden.isEmpty == true)

        let both = #"{"test": "scalar", "test.string": "dotted"}"#
        let replaced = try json(both, name: "one.json")
        try replaced.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": {"other": 1}}"#, name: "two.json"))
        #expect(replaced.property("test") as String? == "scalar")
        #expect(replaced.property("test.string") as String? == nil)
        #expect(replaced.property("test.other") as Int? == 1)
        #expect(replaced.propertyKeys == ["test", "test.other"])

        let deep = try json(both, name: "one.json")
        try deep.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"test": {"other": 1}}"#, name: "two.json"), merging: .deep)
        #expect(deep.property("test") as String? == "scalar")
        #expect(deep.property("test.string") as String? == "dotted")
        #expect(deep.property("test.other") as Int? == 1)

        // A large table, which the store keeps as a table of its own, keeps the value the same way.
        let wide = "{\"test\": {" + (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}}"
        let large = try json(#"{"test": "scalar"}"#, name: "one.json")
        try large.applyPropertyLoader(JsonPropertyLoader(string: wide, name: "two.json"))
        #expect(large.property("test") as String? == "scalar")
        #expect(large.property("test.k99") as Int? == 99)
        #expect(large.propertyKeys.count == 101)
    }

    /// An array is a value that cannot sit beside members: it replaces everything at its key,
    /// and a later value or table replaces it.
    @Test func anArrayReplacesBothAndIsReplacedWhole() throws {
        let container = try json(#"{"test": "scalar", "test.string": "dotted"}"#, name: "one.json")
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": [1, 2]}"#, name: "two.json"))
        #expect(container.property("test") as [Int]? == [1, 2])
        #expect(container.property("test.1") as Int? == 2)
        #expect(container.property("test.string") as String? == nil)
        #expect(container.propertyKeys == ["test"])
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": {"string": "x"}}"#, name: "three.json"))
        #expect(container.property("test") as [Int]? == nil)
        #expect(container.property("test") as String? == nil)
        #expect(container.property("test.string") as String? == "x")
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": [3]}"#, name: "four.json"))
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": "last"}"#, name: "five.json"))
        #expect(container.property("test") as String? == "last")
        #expect(container.property("test.0") as Int? == nil)
        #expect(container.propertyKeys == ["test"])
    }

    /// Text sources layered on a JSON file: `APP_TEST` and a `.env` line set the value and keep
    /// `test.string`.
    @Test(arguments: [PropertyMerge.replace, .deep])
    func environmentAndDotEnvLayers(merging: PropertyMerge) throws {
        let environment = try json(#"{"test.string": "dotted"}"#, name: "one.json")
        try environment.applyPropertyLoader(
            EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_TEST": "5"]), merging: merging)
        #expect(environment.property("test") as Int? == 5)
        #expect(environment.property("test.string") as String? == "dotted")
        #expect(environment.property("test") as [String: String]? == ["string": "dotted"])
        #expect(environment.propertyKeys == ["test", "test.string"])

        let dotEnv = try json(#"{"test.string": "dotted"}"#, name: "one.json")
        try dotEnv.applyPropertyLoader(DotEnvPropertyLoader(string: "test=5\n", name: ".env"), merging: merging)
        #expect(dotEnv.property("test") as Int? == 5)
        #expect(dotEnv.property("test.string") as String? == "dotted")
        #expect(dotEnv.propertySource(for: "test")?.name == ".env")

        // The reverse: an environment variable for the member beside a JSON value.
        let reverse = try json(#"{"test": "scalar"}"#, name: "one.json")
        try reverse.applyPropertyLoader(
            EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_TEST_STRING": "dotted"]), merging: merging)
        #expect(reverse.property("test") as String? == "scalar")
        #expect(reverse.property("test.string") as String? == "dotted")
    }

    /// A TOML key is a value or a table, but a TOML value keeps a JSON file's member beside it,
    /// and a TOML table keeps a JSON file's value.
    @Test func tomlLayersKeepTheOtherSlot() throws {
        let value = try json(#"{"test.string": "dotted"}"#, name: "one.json")
        try value.applyPropertyLoader(TomlPropertyLoader(string: "test = 1\n", name: "two.toml"))
        #expect(value.property("test") as Int? == 1)
        #expect(value.property("test.string") as String? == "dotted")
        let table = try json(#"{"test": "scalar"}"#, name: "one.json")
        try table.applyPropertyLoader(TomlPropertyLoader(string: "[test]\nstring = \"toml\"\n", name: "two.toml"))
        #expect(table.property("test") as String? == "scalar")
        #expect(table.property("test.string") as String? == "toml")
    }

    /// One call with every layer gives what one call per layer gives.
    @Test(arguments: [PropertyMerge.replace, .deep])
    func oneCallAndOneCallPerLayerAgree(merging: PropertyMerge) throws {
        func layers() -> [any PropertyLoader] {
            [
                JsonPropertyLoader(string: #"{"test.string": "dotted", "a": {"b": 1}}"#, name: "one.json"),
                JsonPropertyLoader(string: #"{"test": "scalar", "a": "over"}"#, name: "two.json"),
                TomlPropertyLoader(string: "a.c = 2\ntest = \"toml\"\n", name: "three.toml"),
                JsonPropertyLoader(string: #"{"test": {"more": 3}, "a": {"d": 4}}"#, name: "four.json"),
                EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_TEST": "env"]),
            ]
        }
        let once = Container()
        try once.applyPropertyLoaders(layers(), merging: merging)
        let stepwise = Container()
        for layer in layers() { try stepwise.applyPropertyLoader(layer, merging: merging) }
        #expect(once.propertiesDescription == stepwise.propertiesDescription)
        #expect(once.propertyKeys == stepwise.propertyKeys)
        for key in once.propertyKeys {
            let (first, second) = (once.propertyRecord(for: key), stepwise.propertyRecord(for: key))
            #expect(first?.value == second?.value, "\(key)")
            #expect(first?.source.description == second?.source.description, "\(key)")
            #expect(first?.overridden.map(\.description) == second?.overridden.map(\.description), "\(key)")
        }
        #expect(once.property("test") as String? == "env")
        #expect(once.property("a") as String? == "over")
        #expect(once.property("a.d") as Int? == 4)
        #expect(once.property("test.more") as Int? == 3)
        let kept = merging == .deep
        #expect((once.property("test.string") as String? != nil) == kept)
        #expect((once.property("a.b") as Int? != nil) == kept)
        #expect((once.property("a.c") as Int? != nil) == kept)
    }

    /// Two loaders that both set the value: the record names the earlier one as overridden, and
    /// a later table, which keeps the value, adds nothing to that history.
    @Test func theRecordListsTheOverriddenValue() throws {
        let container = try json(#"{"test.string": "dotted", "test": "first"}"#, name: "one.json")
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": "second"}"#, name: "two.json"))
        let record = try #require(container.propertyRecord(for: "test"))
        #expect(record.value == .string("second"))
        #expect(record.source.description == "two.json:1:10")
        #expect(record.overridden.map(\.description) == ["one.json:1:35"])
        #expect(container.propertyRecord(for: "test.string")?.overridden.isEmpty == true)
        #expect(
            container.propertiesDescription == """
                test = "second" (string) from two.json:1:10, overrides one.json:1:35
                test.string = "dotted" (string) from one.json:1:17
                """)
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": {"other": 1}}"#, name: "three.json"))
        let kept = try #require(container.propertyRecord(for: "test"))
        #expect(kept.source.description == "two.json:1:10")
        #expect(kept.overridden.map(\.description) == ["one.json:1:35"])
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": "third"}"#, name: "four.json"))
        #expect(
            container.propertyRecord(for: "test")?.overridden.map(\.description) == ["two.json:1:10", "one.json:1:35"])
    }

    /// A secret value beside members from another loader stays masked.
    @Test func aSecretValueFromALaterLoaderStaysMasked() throws {
        let container = try json(#"{"token.kind": "x"}"#, name: "one.json")
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"token": "hunter2"}"#, name: "two.json"))
        #expect(
            container.propertiesDescription == """
                token = *** (string) from two.json:1:11
                token.kind = "x" (string) from one.json:1:16
                """)
        #expect(container.property("token") as String? == "hunter2")
    }

    /// A child container's value keeps its parent's members, also those the parent gets later.
    @Test func aChildValueKeepsTheParentsMembers() throws {
        let parent = try json(#"{"test.string": "dotted"}"#, name: "parent.json")
        let child = Container(parent: parent)
        try child.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": "scalar"}"#, name: "child.json"))
        #expect(child.property("test") as String? == "scalar")
        #expect(child.property("test.string") as String? == "dotted")
        #expect(parent.property("test") as String? == nil)
        try parent.applyPropertyLoader(JsonPropertyLoader(string: #"{"test.more": 1}"#, name: "later.json"))
        #expect(child.property("test") as String? == "scalar")
        #expect(child.property("test.more") as Int? == 1)
        #expect(child.propertyKeys == ["test", "test.more", "test.string"])
    }

    /// `checkProperties` and the schema see the value and the member of two loaders.
    @Test func checkPropertiesAndTheSchemaAcrossLoaders() throws {
        let container = try json(#"{"test.string": "dotted"}"#, name: "one.json")
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": "scalar"}"#, name: "two.json"))
        registerBothReads(in: container)
        try container.checkProperties()
        #expect(container.resolve(String.self) == "scalardotted")
        let keys = Set(container.propertySchema().properties.map(\.key))
        #expect(keys.contains("test"))
        #expect(container.propertyReadFailures.isEmpty)
    }

    /// A value beside members from another loader resolves its placeholder, in either order and
    /// with either merge, and a reference to its key reads the resolved value.
    @Test func aPlaceholderBesideMembersFromAnotherLoaderResolves() throws {
        let container = try json(#"{"test.string": "x", "ref": 1}"#, name: "one.json")
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"test": "${ref}", "copy": "${test}"}"#, name: "two.json"))
        #expect(container.property("test") as Int? == 1)
        #expect(container.property("copy") as Int? == 1)
        #expect(container.property("test.string") as String? == "x")
        #expect(container.propertyKeys == ["copy", "ref", "test", "test.string"])

        for merging in [PropertyMerge.replace, .deep] {
            let earlier = try json(#"{"test": "${ref}", "ref": 1}"#, name: "one.json")
            #expect(earlier.property("test") as Int? == 1)
            try earlier.applyPropertyLoader(
                JsonPropertyLoader(string: #"{"test": {"string": "x"}, "ref": 2}"#, name: "two.json"), merging: merging)
            #expect(earlier.property("test") as Int? == 2)
            #expect(earlier.property("test.string") as String? == "x")
        }

        // A connection string over a defaults section, with its value from a later layer.
        let layered = try json(#"{"database": {"host": "localhost", "port": 5432}}"#, name: "defaults.json")
        try layered.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"database": "${databaseURL}"}"#, name: "override.json"))
        let unresolved = try #require(throws: PropertyCheckError.self) { try layered.checkProperties() }
        #expect(unresolved.description.contains("${databaseURL}"))
        try layered.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"databaseURL": "postgres://db"}"#, name: "secrets.json"))
        #expect(layered.property("database") as String? == "postgres://db")
        #expect(layered.property("database.port") as Int? == 5432)
        try layered.checkProperties()

        // A placeholder elsewhere reads the value a later loader set beside members.
        let reference = try json(#"{"test.string": "x"}"#, name: "one.json")
        try reference.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"test": "s", "ref": "${test}-${test.string}"}"#, name: "two.json"))
        #expect(reference.property("ref") as String? == "s-x")
    }

    /// Across files too, a reload names the value when only it changed and the member when only
    /// it changed, also when the key turns from a value alone into a value beside members.
    @Test func aReloadAcrossFilesNamesTheChangedKey() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let one = directory.appendingPathComponent("one.json")
        let two = directory.appendingPathComponent("two.json")
        try writeAtomically(#"{"test.string": "dotted"}"#, to: one)
        try writeAtomically(#"{"test": "scalar"}"#, to: two)
        let container = Container()
        let reloader = try PropertyReloader(
            container: container, loaders: [JsonPropertyLoader(url: one), JsonPropertyLoader(url: two)],
            options: .init(reloadsOnHangup: false))
        #expect(container.property("test") as String? == "scalar")
        #expect(container.property("test.string") as String? == "dotted")
        try writeAtomically(#"{"test": "other"}"#, to: two)
        #expect(try reloader.reload().changedKeys == ["test"])
        try writeAtomically(#"{"test.string": "changed"}"#, to: one)
        #expect(try reloader.reload().changedKeys == ["test.string"])
        try writeAtomically(#"{"else": 1}"#, to: one)
        #expect(try reloader.reload().changedKeys == ["else", "test.string"])
        try writeAtomically(#"{"test.string": "back"}"#, to: one)
        #expect(try reloader.reload().changedKeys == ["else", "test.string"])
        #expect(container.property("test") as String? == "other")
        #expect(container.property("test.string") as String? == "back")
    }

    @Test func aPlaceholderInsertsTheValue() throws {
        let container = try json(#"{"test": "scalar", "test.string": "dotted", "ref": "${test}-${test.string}"}"#)
        #expect(container.property("ref") as String? == "scalar-dotted")
        // A value beside members is a template like any other value.
        let beside = try json(#"{"test": "${ref}-v", "test.string": "x", "ref": 1}"#)
        #expect(beside.property("test") as String? == "1-v")
        #expect(beside.property("test.string") as String? == "x")
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
        registerBothReads(in: container)
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
        // The value stays; only the member is gone.
        #expect(plain.changedKeys(since: old) == ["test.string"])
        #expect(old.changedKeys(since: plain) == ["test.string"])
        #expect(try snapshot(#"{"test": "other"}"#).changedKeys(since: old) == ["test", "test.string"])
        #expect(old.changedKeys(since: old).isEmpty)
    }
}
