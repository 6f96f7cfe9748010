import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reloads started by the watch: a polled file change, a Kubernetes `..data` swap, `SIGHUP`.
/// Each waits for the event with a bounded await (public API only).
@Suite struct ReloadWatchingTests {
    @Test func anEditedFileIsReloadedByPolling() async throws {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("config.json")
        try writeAtomically(#"{"greeting": "hello"}"#, to: file)
        let container = Container()
        let reloader = try PropertyReloader(
            container: container, loaders: [JsonPropertyLoader(url: file)],
            options: .init(reloadsOnHangup: false))
        let changes = reloader.changes(of: "greeting")
        reloader.startWatching()
        defer { reloader.stopWatching() }

        try writeAtomically(#"{"greeting": "bonjour"}"#, to: file)
        let event = try await firstEvent(of: changes)

        #expect(event.trigger == .fileChanged([file.path]))
        #expect(container.property("greeting") == "bonjour")
    }

    /// Variant: a file rewritten in place (same inode), as an editor that does not rename does.
    @Test func aFileRewrittenInPlaceIsReloadedByPolling() async throws {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("app.toml")
        try Data("level = 1\n".utf8).write(to: file)
        let container = Container()
        let reloader = try PropertyReloader(
            container: container, loaders: [TomlPropertyLoader(url: file)], options: .init(reloadsOnHangup: false))
        let changes = reloader.changes(of: "level")
        reloader.startWatching()
        defer { reloader.stopWatching() }

        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("level = 22\n".utf8))
        try handle.close()
        _ = try await firstEvent(of: changes)

        #expect(container.property("level") == 22)
    }

    @Test func aConfigMapSwapOfTheDataLinkIsSeenAndAppliedAtOnce() async throws {
        var mount = try ConfigMapMount(files: ["database.host": "db1", "database.port": "5432"])
        let container = Container()
        let reloader = try PropertyReloader(
            container: container, loaders: [DirectoryPropertyLoader(url: mount.root)],
            options: .init(reloadsOnHangup: false))
        let changes = reloader.changes(of: "database")
        reloader.startWatching()
        defer { reloader.stopWatching() }

        try mount.publish(["database.host": "db2", "database.port": "6432"])
        let event = try await firstEvent(of: changes)

        #expect(event.changedKeys == ["database.host", "database.port"])
        #expect(container.property("database.host") == "db2")
        #expect(container.property("database.port") == 6432)
    }

    /// Variant: a JSON file mounted through the `..data` link, with the same name and size
    /// after the swap; only the link's target changes.
    @Test func aJsonFileBehindTheDataLinkIsReloadedOnSwap() async throws {
        var mount = try ConfigMapMount(files: ["app.json": #"{"color": "red"}"#])
        let container = Container()
        let reloader = try PropertyReloader(
            container: container, loaders: [JsonPropertyLoader(url: mount.root.appendingPathComponent("app.json"))],
            options: .init(reloadsOnHangup: false))
        let changes = reloader.changes(of: "color")
        reloader.startWatching()
        defer { reloader.stopWatching() }

        try mount.publish(["app.json": #"{"color": "tan"}"#])
        _ = try await firstEvent(of: changes)

        #expect(container.property("color") == "tan")
    }

    @Test func aBrokenFileSeenByPollingSendsARejectedEvent() async throws {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("config.json")
        try writeAtomically(#"{"port": 1}"#, to: file)
        let container = Container()
        let reloader = try PropertyReloader(
            container: container, loaders: [JsonPropertyLoader(url: file)], options: .init(reloadsOnHangup: false))
        let events = reloader.events()
        reloader.startWatching()
        defer { reloader.stopWatching() }

        try writeAtomically(#"{"port": }"#, to: file)
        let event = try await firstEvent(of: events)

        #expect(event.isRejected)
        #expect(event.error == .malformedContent)
        #expect(event.description.hasPrefix("reload from \(file.path) rejected, keeping version 1: \(file.path):1:"))
        #expect(container.property("port") == 1)
    }

    @Test func hangupReloadsEveryFile() async throws {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("config.json")
        try writeAtomically(#"{"mode": "a"}"#, to: file)
        let container = Container()
        // A poll interval longer than any test run: only the signal can start this reload.
        let reloader = try PropertyReloader(
            container: container, loaders: [JsonPropertyLoader(url: file)],
            options: .init(pollInterval: .seconds(3600)))
        let events = reloader.events()
        reloader.startWatching()
        defer { reloader.stopWatching() }

        try writeAtomically(#"{"mode": "b"}"#, to: file)
        // To the process, as `kill -HUP` sends it: `raise` would target this thread, a thread of
        // the concurrency pool, which blocks signals.
        kill(getpid(), SIGHUP)
        // Another test's SIGHUP may reload this one first with nothing changed: wait for the change.
        let event = try await firstEvent(of: events) { !$0.changes.isEmpty }

        #expect(event.trigger == .hangupSignal)
        #expect(event.changedKeys == ["mode"])
        #expect(container.property("mode") == "b")
    }

    @Test func runWatchesUntilItsTaskIsCancelled() async throws {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("config.json")
        try writeAtomically(#"{"n": 1}"#, to: file)
        let container = Container()
        let reloader = try PropertyReloader(
            container: container, loaders: [JsonPropertyLoader(url: file)], options: .init(reloadsOnHangup: false))
        let changes = reloader.changes(of: "n")
        let running = Task { await reloader.run() }

        try writeAtomically(#"{"n": 2}"#, to: file)
        _ = try await firstEvent(of: changes)
        running.cancel()
        await running.value

        #expect(!reloader.isWatching)
        #expect(container.property("n") == 2)
    }
}
