import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// A loader whose keys give one key two values fails with both places instead of dropping one
/// of its own values (a value beside keys under it is not a conflict: see
/// `ScalarBesideMembersTests`); between loaders the later one replaces, as the merge model says.
@Suite struct SameLoaderConflictTests {
    struct Values: PropertyLoader {
        let values: [String: Any]
        func load() throws -> [String: Any] { values }
    }

    private func loadError(_ text: String) throws -> PropertyLoaderError {
        let container = Container()
        return try #require(throws: PropertyLoaderError.self) {
            try container.applyPropertyLoader(JsonPropertyLoader(string: text, name: "app.json"))
        }
    }

    @Test func aDottedKeyThroughAnArrayOfTheSameFileFails() throws {
        let error = try loadError(#"{"test": ["scalar"], "test.string": "dotted"}"#)
        #expect(error.code == .conflictingKeys)
        #expect(
            error.description
                == #"app.json:1:37: the key "test.string" goes through "test", which this source also sets to "#
                + #"an array (at 1:10); a key cannot go through an array: rename one of them"#)
    }

    /// Variant: the array after the dotted key.
    @Test func anArrayOverDottedKeysOfTheSameFileFails() throws {
        let error = try loadError(#"{"test.string": "dotted", "test": ["scalar"]}"#)
        #expect(error.code == .conflictingKeys)
        #expect(error.description.hasPrefix(#"app.json:1:35: the key "test" would replace keys under "test""#))
    }

    /// Variant: a dotted key and a nested member name the same leaf.
    @Test func aDottedKeyOverANestedMemberFails() throws {
        let error = try loadError(#"{"a": {"b": 1}, "a.b": 2}"#)
        #expect(error.code == .conflictingKeys)
        #expect(error.description.hasPrefix(#"app.json:1:24: the key "a.b" would replace "a.b", which this"#))
        #expect(error.description.contains("(at 1:13)"))
        let reversed = try loadError(#"{"a.b": 2, "a": {"b": 1}}"#)
        #expect(reversed.code == .conflictingKeys)
    }

    /// A dotted key beside a table it adds a member to drops nothing.
    @Test func aDottedKeyBesideANestedTableAddsToIt() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"a": {"x": 1}, "a.b": 2}"#, name: "app.json"))
        #expect(container.property("a.x") as Int? == 1)
        #expect(container.property("a.b") as Int? == 2)
    }

    /// A custom loader's plain values follow the same rule, and a failed load leaves the
    /// container as it was.
    @Test func aCustomLoaderFailsAndLeavesTheContainerUntouched() throws {
        let container = Container()
        try container.applyPropertyLoader(Values(values: ["test": "before"]))
        #expect(throws: PropertyLoaderError.conflictingKeys) {
            try container.applyPropertyLoader(Values(values: ["test": ["scalar"], "test.string": "dotted"]))
        }
        #expect(container.property("test") as String? == "before")
        #expect(container.property("test.string") as String? == nil)
    }

    /// Between loaders the later one replaces what it sets and fails for nothing: a dotted key
    /// of a later file adds a member beside an earlier value, a later value replaces the value
    /// and keeps the member, and a later array replaces both.
    @Test func laterLoadersStillReplace() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": "scalar"}"#, name: "one.json"))
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"test.string": "dotted"}"#, name: "two.json"))
        #expect(container.property("test.string") as String? == "dotted")
        #expect(container.property("test") as String? == "scalar")
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": "other"}"#, name: "three.json"))
        #expect(container.property("test") as String? == "other")
        #expect(container.property("test.string") as String? == "dotted")
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"test": ["array"]}"#, name: "four.json"))
        #expect(container.property("test") as [String]? == ["array"])
        #expect(container.property("test.string") as String? == nil)
    }

    /// A second thread reads while failing loads are applied: it never sees a value of a load
    /// that failed.
    @Test func readersNeverSeeAFailedLoad() throws {
        let container = Container()
        try container.applyPropertyLoader(Values(values: ["test": "before", "other": 1]))
        let reader = ReaderThread(container: container)
        reader.start()
        for _ in 0..<200 {
            #expect(throws: PropertyLoaderError.conflictingKeys) {
                try container.applyPropertyLoader(Values(values: ["test": ["scalar"], "test.string": "dotted"]))
            }
            try container.applyPropertyLoader(Values(values: ["other": 2]))
        }
        let unexpected = reader.stop()
        #expect(unexpected == 0)
        #expect(container.property("test") as String? == "before")
    }
}

/// Reads `test` and `test.string` in a loop on its own thread until stopped; counts the reads
/// that saw a value a failed load would have set.
private final class ReaderThread: @unchecked Sendable {
    // Unchecked: `stopped` and `unexpected` are behind `lock`.
    private let container: Container
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var stopped = false
    private var unexpected = 0

    init(container: Container) { self.container = container }

    func start() {
        let thread = Thread { [self] in
            while !lock.withLock({ stopped }) {
                let test: String? = container.property("test")
                let dotted: String? = container.property("test.string")
                if test != "before" || dotted != nil { lock.withLock { unexpected += 1 } }
            }
            done.signal()
        }
        thread.start()
    }

    func stop() -> Int {
        lock.withLock { stopped = true }
        done.wait()
        return lock.withLock { unexpected }
    }
}
