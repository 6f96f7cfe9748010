import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reloads seen through child containers, and more than one reloader (public API only).
@Suite struct ReloadLineageTests {
    @Test func aChildContainerSeesItsParentsReloadUnderItsOwnProperties() throws {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("config.json")
        try writeAtomically(#"{"host": "a", "port": 1}"#, to: file)
        let parent = Container()
        let reloader = try PropertyReloader(container: parent, loaders: [JsonPropertyLoader(url: file)])
        let child = Container(parent: parent)
        try child.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": 2}"#))
        #expect(child.property("host") == "a")

        try writeAtomically(#"{"host": "b", "port": 3}"#, to: file)
        try reloader.reload()

        #expect(child.property("host") == "b")
        #expect(child.property("port") == 2)
        #expect(parent.property("port") == 3)
        #expect(parent.synchronize().property("host") == "b")
    }

    /// Variant: the reloader owns a child container's files; the parent's values stay below.
    @Test func aReloaderOnAChildContainerRebuildsOnItsParentsProperties() throws {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("child.toml")
        try writeAtomically("mode = \"one\"\n", to: file)
        let parent = Container()
        try parent.applyPropertyLoader(JsonPropertyLoader(string: #"{"region": "eu", "mode": "parent"}"#))
        let child = Container(parent: parent)
        let reloader = try PropertyReloader(container: child, loaders: [TomlPropertyLoader(url: file)])

        try writeAtomically("mode = \"two\"\n", to: file)
        let event = try reloader.reload()

        #expect(event.changedKeys == ["mode"])
        #expect(child.property("mode") == "two")
        #expect(child.property("region") == "eu")
        #expect(parent.property("mode") == "parent")
    }

    @Test func oneHangupReloadsEveryWatchingReloader() async throws {
        let folder = try makeTemporaryDirectory()
        let first = folder.appendingPathComponent("a.json")
        let second = folder.appendingPathComponent("b.json")
        try writeAtomically(#"{"a": 1}"#, to: first)
        try writeAtomically(#"{"b": 1}"#, to: second)
        let (one, two) = (Container(), Container())
        let options = PropertyReloader.Options(pollInterval: .seconds(3600))
        let reloaders = [
            try PropertyReloader(container: one, loaders: [JsonPropertyLoader(url: first)], options: options),
            try PropertyReloader(container: two, loaders: [JsonPropertyLoader(url: second)], options: options),
        ]
        let streams = reloaders.map { $0.events() }
        for reloader in reloaders { reloader.startWatching() }
        defer { for reloader in reloaders { reloader.stopWatching() } }

        try writeAtomically(#"{"a": 2}"#, to: first)
        try writeAtomically(#"{"b": 2}"#, to: second)
        kill(getpid(), SIGHUP)
        // Another test's SIGHUP may reload these first with nothing changed: wait for the change.
        for stream in streams {
            #expect(try await firstEvent(of: stream, where: { !$0.changes.isEmpty }).trigger == .hangupSignal)
        }

        #expect(one.property("a") == 2)
        #expect(two.property("b") == 2)
    }
}
