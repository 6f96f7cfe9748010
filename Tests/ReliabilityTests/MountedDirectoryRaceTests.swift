import Foundation
import PropertyFormats
import SwinjectPropertyLoader
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body` again and again on a thread of its own until ``stop()``.
final class BackgroundLoop: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Void) {
        Thread.detachNewThread { [self] in
            while !lock.withLock({ stopped }) { body() }
            finished.signal()
        }
    }

    /// Stops the loop and waits for its last pass to end.
    func stop() {
        lock.withLock { stopped = true }
        finished.wait()
    }
}

/// Writes `text` to a new file at `path` with POSIX calls.
func writeFile(_ path: String, _ text: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}

/// The string values of `loader`'s properties by key.
func loadedTexts(_ loader: DirectoryPropertyLoader) throws -> [String: String] {
    var texts: [String: String] = [:]
    for property in try loader.loadBatch().properties {
        if case .string(let text) = property.value { texts[property.key] = text }
    }
    return texts
}

/// Loads that run while another thread changes the directory: each load reads what it checked,
/// and one load is one version of a Kubernetes volume.
@Suite struct MountedDirectoryRaceTests {
    /// Loads until `limit` loads or two seconds, whichever comes first.
    private func repeatedly(_ limit: Int, _ body: () throws -> Bool) rethrows {
        let deadline = ContinuousClock.now + .seconds(2)
        var count = 0
        while count < limit, ContinuousClock.now < deadline {
            count += 1
            guard try body() else { return }
        }
    }

    /// A regular file that passes its checks and is then swapped for a link to a file outside
    /// must never be read through the link: the loader reads the descriptor it checked.
    @Test func aCheckedFileSwappedForALinkOutsideIsNeverRead() throws {
        let root = try makeTemporaryDirectory()
        let outside = try makeTemporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: outside)
        }
        writeFile(outside.path + "/secret", "outside")
        writeFile(root.path + "/a", "inside")
        let rootPath = root.path
        let secretPath = outside.path + "/secret"
        // Hidden names, so the loader never lists the swapper's temporary files.
        let swapper = BackgroundLoop {
            unlink(rootPath + "/.link")
            symlink(secretPath, rootPath + "/.link")
            rename(rootPath + "/.link", rootPath + "/a")
            writeFile(rootPath + "/.file", "inside")
            rename(rootPath + "/.file", rootPath + "/a")
        }
        var loaded = 0
        var refused = 0
        let loader = DirectoryPropertyLoader(url: root)
        repeatedly(5_000) {
            do {
                let value = try loadedTexts(loader)["a"]
                #expect(value == "inside")
                loaded += 1
                return value == "inside"
            } catch let error as PropertyLoaderError {
                #expect(error.code == .unreadableFile)
                refused += 1
                return true
            } catch {
                Issue.record("unexpected error \(error)")
                return false
            }
        }
        swapper.stop()
        #expect(loaded + refused > 0)
    }

    /// A root written `café` in NFC is a different folder on disk from a sibling `café` in NFD:
    /// a link into the sibling leads outside, however alike the two names compare as text.
    @Test func aLinkIntoASiblingSpelledInAnotherNormalFormLeadsOutside() throws {
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let composed = parent.path + "/caf\u{E9}"
        let decomposed = parent.path + "/cafe\u{301}"
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        try #require(mkdir(composed, 0o755) == 0)
        // A file system that folds normal forms (APFS) makes these one folder: nothing to test.
        guard mkdir(decomposed, 0o755) == 0 else { return }
        writeFile(decomposed + "/secret", "other folder")
        writeFile(composed + "/a", "1")
        for target in [decomposed + "/secret", "../cafe\u{301}/secret"] {
            unlink(composed + "/link")
            try #require(symlink(target, composed + "/link") == 0)
            let loader = DirectoryPropertyLoader(url: URL(fileURLWithPath: composed))
            let error = try #require(loaderError(loader))
            #expect(error.code == .unreadableFile)
            #expect(error.description.hasSuffix(", outside the directory \(composed)"))
            #expect(error.description.hasPrefix(composed + "/link: is a symbolic link to "))
        }
    }

    /// Links to one hidden large file count once per name toward the total, so a directory of
    /// links cannot load a gigabyte; the error names the directory and the limit.
    @Test func manyLinksToOneLargeFilePassTheTotalLimit() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        writeFile(root.path + "/.large", String(repeating: "x", count: 1 << 20))
        for index in 0..<1_500 {
            symlink(".large", root.path + "/key\(index)")
        }
        let error = try #require(loaderError(DirectoryPropertyLoader(url: root)))
        #expect(error.code == .unreadableFile)
        #expect(error.description == root.path + ": holds more than the limit of 4194304 bytes in all its files")
    }

    /// Under a raised total limit, 1,500 names for one 1 MiB file read it once and keep one
    /// copy of its text.
    @Test func oneFileBehindManyNamesIsReadOnce() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        writeFile(root.path + "/.large", String(repeating: "x", count: 1 << 20))
        for index in 0..<1_500 {
            symlink(".large", root.path + "/key\(index)")
        }
        let before = residentBytes()
        let start = ContinuousClock.now
        let loader = DirectoryPropertyLoader(url: root, options: .init(maxTotalBytes: 4 << 30))
        let properties = try loader.loadBatch().properties
        let elapsed = ContinuousClock.now - start
        #expect(properties.count == 1_500)
        #expect(properties.allSatisfy { $0.value == properties[0].value })
        if let before, let after = residentBytes() {
            // One copy is 1 MiB; one per name would be 1.5 GiB.
            #expect(after - before < 256 << 20)
        }
        #expect(elapsed < .seconds(5))
    }

    /// While a swapper renames a new `..data` link over the old one as fast as it can, every
    /// load reads every file from one timestamped folder: with relative links, and with absolute
    /// links written through a link to the directory, the directory given through that link.
    @Test(arguments: [false, true])
    func aLoadAcrossDataSwapsReadsOneVersion(absoluteLinks: Bool) throws {
        let root = try makeTemporaryDirectory()
        let alias = root.path + "-alias"
        defer {
            try? FileManager.default.removeItem(at: root)
            unlink(alias)
        }
        try #require(symlink(root.path, alias) == 0)
        let names = ["a", "b", "c", "d"]
        for version in 0..<2 {
            mkdir(root.path + "/..v\(version)", 0o755)
            for name in names { writeFile(root.path + "/..v\(version)/\(name)", "version \(version)") }
        }
        symlink("..v0", root.path + "/..data")
        for name in names {
            symlink((absoluteLinks ? alias + "/" : "") + "..data/" + name, root.path + "/" + name)
        }
        let rootPath = root.path
        let swapper = BackgroundLoop {
            for version in 0..<2 {
                unlink(rootPath + "/..data_tmp")
                symlink("..v\(version)", rootPath + "/..data_tmp")
                rename(rootPath + "/..data_tmp", rootPath + "/..data")
            }
        }
        let loader = DirectoryPropertyLoader(url: absoluteLinks ? URL(fileURLWithPath: alias) : root)
        var versions: Set<String> = []
        try repeatedly(2_000) {
            let texts = try loadedTexts(loader)
            let seen = Set(texts.values)
            #expect(texts.count == names.count)
            #expect(seen.count == 1, "one load mixed versions: \(texts)")
            versions.formUnion(seen)
            return seen.count == 1
        }
        swapper.stop()
        #expect(!versions.isEmpty)
    }

    /// As the kubelet does it: each update writes a new folder, swaps `..data` and removes the
    /// old folder. A load that loses its folder midway starts again; none mixes versions.
    @Test func aLoadWhoseFolderIsRemovedStartsAgain() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let names = ["a", "b", "c"]
        @Sendable func publish(_ version: Int, at rootPath: String) {
            let folder = rootPath + "/..v\(version)"
            mkdir(folder, 0o755)
            for name in names { writeFile(folder + "/" + name, "version \(version)") }
            unlink(rootPath + "/..data_tmp")
            symlink("..v\(version)", rootPath + "/..data_tmp")
            rename(rootPath + "/..data_tmp", rootPath + "/..data")
            if version > 0 {
                for name in names { unlink(rootPath + "/..v\(version - 1)/" + name) }
                rmdir(rootPath + "/..v\(version - 1)")
            }
        }
        publish(0, at: root.path)
        for name in names { symlink("..data/" + name, root.path + "/" + name) }
        let rootPath = root.path
        let version = VersionCounter()
        let swapper = BackgroundLoop {
            publish(version.next(), at: rootPath)
            usleep(2_000)
        }
        let loader = DirectoryPropertyLoader(url: root)
        var loaded = 0
        var failed = 0
        repeatedly(1_000) {
            do {
                let texts = try loadedTexts(loader)
                #expect(Set(texts.values).count == 1, "one load mixed versions: \(texts)")
                loaded += 1
            } catch let error as PropertyLoaderError {
                failed += 1
                // Only when the swapper outran every attempt.
                #expect(error.code == .missingResource || error.code == .unreadableFile)
            } catch {
                Issue.record("unexpected error \(error)")
            }
            return true
        }
        swapper.stop()
        #expect(loaded > 0)
        // A load fails only when removals outrun every attempt: rare, however busy the machine.
        #expect(failed * 10 <= loaded, "\(failed) of \(loaded + failed) loads failed")
    }
}

/// A number that counts up across threads.
final class VersionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

/// The resident memory of this process in bytes, where the system tells it (Linux).
func residentBytes() -> Int? {
    #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
        return nil
    #endif
}
