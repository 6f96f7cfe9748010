import Foundation
import Swinject
import SwinjectPropertyLoader
import Synchronization
import Testing

/// A plain `Container` resolved on one thread, as the "Reloading configuration" article shows it,
/// while the reloader's own queue applies file edits. A reload must not touch the container's
/// resolution state or storage from its thread: it marks instances stale, and the resolving thread
/// builds them again. Run under the thread sanitizer by `Scripts/tsan.sh`.
@Suite struct ReloadPlainContainerTests {
    final class Database: @unchecked Sendable {
        let port: Int
        init(port: Int) { self.port = port }
    }

    private static func config(port: Int) -> String { #"{"database": {"port": \#(port)}}"# }

    /// Resolves `.container`-scoped `Database` in a loop until `port` is seen, at most `seconds`.
    private static func resolve(_ container: Container, until port: Int, within seconds: Double = 5) -> Int? {
        let deadline = Date().addingTimeInterval(seconds)
        var last: Int?
        while Date() < deadline {
            last = container.resolve(Database.self)?.port
            if last == port { return last }
        }
        return last
    }

    /// 20 runs, each 150 edits 4 ms apart against a 2 ms poll. No settle interval: the edits are
    /// atomic renames, and with the default 20 ms a file edited every 4 ms is applied only once
    /// the writer stops (or when a loaded machine delays it), so no reload could be seen meanwhile.
    @Test(arguments: 0..<20)
    func aPlainContainerResolvedOnOneThreadSurvivesFileEdits(round: Int) throws {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("app.json")
        try writeAtomically(Self.config(port: 1000), to: file)
        let container = Container()
        let reloader = try PropertyReloader(
            container: container, loaders: [JsonPropertyLoader(url: file)],
            options: .init(pollInterval: .milliseconds(2), reloadsOnHangup: false, settleInterval: .zero))
        container.register(Database.self) { r in Database(port: r.property("database.port") ?? -1) }
            .inObjectScope(.container)
        reloader.startWatching()
        defer { reloader.stopWatching() }

        let edits = 150
        let writerDone = Atomic<Bool>(false)
        let writer = Thread {
            for edit in 1...edits {
                try? writeAtomically(Self.config(port: 1000 + edit), to: file)
                Thread.sleep(forTimeInterval: 0.004)
            }
            writerDone.store(true, ordering: .releasing)
        }
        writer.start()
        var resolves = 0
        var seen = Set<Int>()
        while !writerDone.load(ordering: .acquiring) {
            if let port = container.resolve(Database.self)?.port { seen.insert(port) }
            resolves += 1
        }
        #expect(Self.resolve(container, until: 1000 + edits) == 1000 + edits)
        #expect(seen.count > 1, "no reload was seen in \(resolves) resolves")
    }

    @Test func anInstanceWhoseBuildAReloadOverlappedIsBuiltAgain() throws {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("app.json")
        try writeAtomically(Self.config(port: 1), to: file)
        let container = Container()
        let reloader = try PropertyReloader(container: container, loaders: [JsonPropertyLoader(url: file)])
        let building = DispatchSemaphore(value: 0)
        let reloaded = DispatchSemaphore(value: 0)
        let builds = Atomic<Int>(0)
        container.register(Database.self) { r in
            let port: Int = r.property("database.port") ?? -1
            if builds.add(1, ordering: .relaxed).newValue == 1 {
                building.signal()
                reloaded.wait()
            }
            return Database(port: port)
        }
        .inObjectScope(.container)
        let reloader2 = UncheckedBox(reloader)
        let thread = Thread {
            building.wait()
            try? writeAtomically(Self.config(port: 2), to: file)
            _ = try? reloader2.value.reload()
            reloaded.signal()
        }
        thread.start()
        // The first build read port 1, and the reload to port 2 happened while it ran.
        #expect(container.resolve(Database.self)?.port == 1)
        #expect(container.resolve(Database.self)?.port == 2)
        #expect(builds.load(ordering: .relaxed) == 2)
    }

    @Test func aValidChangeIsAppliedOnceABrokenFileOfTheSamePollIsFixed() async throws {
        let folder = try makeTemporaryDirectory()
        let first = folder.appendingPathComponent("first.json")
        let second = folder.appendingPathComponent("second.json")
        try writeAtomically(#"{"a": 1}"#, to: first)
        try writeAtomically(#"{"b": 1}"#, to: second)
        let container = Container()
        let reloader = try PropertyReloader(
            container: container, loaders: [JsonPropertyLoader(url: first), JsonPropertyLoader(url: second)],
            options: .init(pollInterval: .milliseconds(5), reloadsOnHangup: false))
        let events = reloader.events()
        // Both files change before the first poll: one valid, one broken.
        try writeAtomically(#"{"a": 2}"#, to: first)
        try writeAtomically(#"{"b": "#, to: second)
        reloader.startWatching()
        defer { reloader.stopWatching() }
        let rejected = try await firstEvent(of: events) { $0.error != nil }
        #expect(rejected.error != nil)
        #expect(container.property("a") == 1)
        // Only the broken file is fixed; the valid change to the other one must now apply too.
        try writeAtomically(#"{"b": 2}"#, to: second)
        let applied = try await firstEvent(of: events) { $0.error == nil }
        #expect(Set(applied.changes.map(\.key)) == ["a", "b"])
        #expect(container.property("a") == 2)
        #expect(container.property("b") == 2)
    }
}

private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A file rewritten in place (truncated, then written) is never applied empty, and options of
/// any size are accepted.
@Suite struct ReloadSettlingTests {
    @Test func aFileRewrittenInPlaceNeverLosesItsKeys() async throws {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("app.json")
        try Data(#"{"port": 0}"#.utf8).write(to: file)
        let container = Container()
        let reloader = try PropertyReloader(
            container: container, loaders: [JsonPropertyLoader(url: file)],
            options: .init(pollInterval: .milliseconds(2), reloadsOnHangup: false))
        let events = reloader.events()
        reloader.startWatching()
        defer { reloader.stopWatching() }
        let collected = Task {
            var seen: [PropertyReloadEvent] = []
            for await event in events { seen.append(event) }
            return seen
        }
        for round in 1...20 {
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: 0)
            try handle.close()
            try await Task.sleep(for: .milliseconds(5))
            try Data(#"{"port": \#(round)}"#.utf8).write(to: file)
            try await Task.sleep(for: .milliseconds(30))
            #expect(container.property("port") as Int? != nil, "round \(round): the key vanished")
        }
        reloader.stopWatching()
        try await Task.sleep(for: .milliseconds(50))
        collected.cancel()
        for event in await collected.value {
            #expect(!event.changes.contains { $0.newValue == nil }, "a reload removed a key: \(event)")
        }
    }

    /// An interval out of range is a clear error at `init`, before any loader runs or any
    /// property changes, never a trap when watching starts.
    @Test(arguments: [
        (PropertyReloader.Options(pollInterval: .seconds(Int64.max)), "pollInterval", "1 millisecond to 1 hour"),
        (PropertyReloader.Options(pollInterval: .zero), "pollInterval", "1 millisecond to 1 hour"),
        (PropertyReloader.Options(settleInterval: .seconds(-5)), "settleInterval", "0 to 10 seconds"),
    ])
    func anIntervalOutOfRangeIsRejectedAtInit(options: PropertyReloader.Options, name: String, range: String) throws {
        let file = try makeTemporaryDirectory().appendingPathComponent("app.json")
        try writeAtomically(#"{"port": 1}"#, to: file)
        let container = Container()
        let error = try #require(throws: PropertyLoaderError.invalidOptions) {
            try PropertyReloader(container: container, loaders: [JsonPropertyLoader(url: file)], options: options)
        }
        #expect(error.description.hasPrefix("PropertyReloader.Options: \(name) "))
        #expect(error.description.hasSuffix(" is outside \(range)"))
        #expect(container.propertyKeys.isEmpty)
    }
}

/// A validated reload: a change that running code could no longer read as it did is rejected.
@Suite struct ReloadValidationTests {
    final class Server {
        let port: Int
        let host: String
        init(port: Int, host: String) {
            self.port = port
            self.host = host
        }
    }

    private func setUp(
        _ toml: String, options: PropertyReloader.Options = .init()
    ) throws -> (Container, PropertyReloader, URL) {
        let file = try makeTemporaryDirectory().appendingPathComponent("app.toml")
        try writeAtomically(toml, to: file)
        let container = Container()
        let reloader = try PropertyReloader(
            container: container, loaders: [TomlPropertyLoader(url: file)], options: options)
        container.register(Server.self) { r in
            Server(port: r.property("port") ?? 80, host: (try? r.requiredProperty("host", as: String.self)) ?? "?")
        }
        .inObjectScope(.container)
        return (container, reloader, file)
    }

    @Test func aKeyReadAsIntThatBecomesTextIsRejectedWithKeySourceAndReader() throws {
        let (container, reloader, file) = try setUp("port = 8080\nhost = \"a\"\n")
        #expect(container.resolve(Server.self)?.port == 8080)
        try writeAtomically("port = \"abc\"\nhost = \"a\"\n", to: file)
        let error = try #require(throws: PropertyLoaderError.incompatibleValue) { try reloader.reload() }
        #expect(error.description.hasPrefix("\(file.path):1:8: property \"port\" would no longer read as Swift.Int"))
        #expect(error.description.contains("(it would be a string)"))
        #expect(error.description.contains("ReloadPlainContainerTests.swift:"))
        #expect(!error.description.contains("abc"))
        #expect(container.property("port") == 8080)
        #expect(container.resolve(Server.self)?.port == 8080)
    }

    @Test func aRequiredKeyThatDisappearsIsRejected() throws {
        let (container, reloader, file) = try setUp("port = 8080\nhost = \"a\"\n")
        _ = container.resolve(Server.self)
        try writeAtomically("port = 8081\n", to: file)
        let error = try #require(throws: PropertyLoaderError.incompatibleValue) { try reloader.reload() }
        #expect(
            error.description.contains(
                "property \"host\" would no longer read as Swift.String (no loader would set it)"))
    }

    @Test func aCompatibleChangeAndAnUnvalidatedReloaderApply() throws {
        let (container, reloader, file) = try setUp("port = 8080\nhost = \"a\"\n")
        _ = container.resolve(Server.self)
        try writeAtomically("port = 9090\nhost = \"b\"\n", to: file)
        _ = try reloader.reload()
        #expect(container.resolve(Server.self)?.port == 9090)

        let (other, unvalidated, otherFile) = try setUp(
            "port = 8080\nhost = \"a\"\n", options: .init(validatesReads: false))
        _ = other.resolve(Server.self)
        try writeAtomically("port = \"abc\"\nhost = \"a\"\n", to: otherFile)
        _ = try unvalidated.reload()
        #expect(other.resolve(Server.self)?.port == 80)
    }
}

/// `reload()` called from inside a factory, resolved through a synchronized resolver, while the
/// reloader's own poll reloads: a reload takes no lock of the container, so neither waits for
/// the other forever.
@Suite struct ReloadFromFactoryTests {
    final class Snapshot {
        let port: Int
        init(port: Int) { self.port = port }
    }

    @Test func reloadingInsideAFactoryDuringPollsNeverDeadlocks() throws {
        let file = try makeTemporaryDirectory().appendingPathComponent("app.json")
        try writeAtomically(#"{"port": 0}"#, to: file)
        let container = Container()
        let reloader = try PropertyReloader(
            container: container, loaders: [JsonPropertyLoader(url: file)],
            options: .init(pollInterval: .milliseconds(1), reloadsOnHangup: false, settleInterval: .zero))
        let boxed = UncheckedBox(reloader)
        container.register(Snapshot.self) { r in
            _ = try? boxed.value.reload()
            return Snapshot(port: r.property("port") ?? -1)
        }
        reloader.startWatching()
        defer { reloader.stopWatching() }
        let resolver = UncheckedBox(container.synchronize())
        let finished = DispatchSemaphore(value: 0)
        let worker = Thread {
            for round in 1...200 {
                try? writeAtomically(#"{"port": \#(round)}"#, to: file)
                _ = resolver.value.resolve(Snapshot.self)
            }
            finished.signal()
        }
        worker.start()
        #expect(finished.wait(timeout: .now() + 60) == .success, "a reload inside a factory waited forever")
    }
}
