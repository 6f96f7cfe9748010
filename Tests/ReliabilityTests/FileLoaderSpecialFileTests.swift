import Foundation
import SwinjectPropertyLoader
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file loaders read regular files only: a FIFO, which would block an open or a read until
/// a writer came, is refused at once with an error that names the path and what it is.
@Suite struct FileLoaderSpecialFileTests {
    static let loaders: [(String, @Sendable (URL) -> any PropertyLoader)] = [
        ("json", { JsonPropertyLoader(url: $0) }),
        ("toml", { TomlPropertyLoader(url: $0) }),
        ("plist", { PlistPropertyLoader(url: $0) }),
        ("env", { DotEnvPropertyLoader(url: $0) }),
    ]

    @Test(arguments: 0..<loaders.count)
    func aFIFOIsRefusedWithoutBlocking(index: Int) async throws {
        let (fileExtension, makeLoader) = Self.loaders[index]
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("config.\(fileExtension)")
        try #require(mkfifo(url.path, 0o600) == 0)
        let result = LoadResult()
        Thread.detachNewThread {
            result.finish(loaderError(makeLoader(url)))
        }
        let finished = result.wait(seconds: 5)
        if !finished {
            // Unblock the stuck load so the process can end: open the write end and close it.
            let writer = open(url.path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        #expect(finished, "loading a FIFO blocked")
        let error = try #require(result.error)
        #expect(error.code == .unreadableFile)
        #expect(error.description == url.path + ": is not a regular file (a FIFO)")
    }
}

/// The error one load on another thread ended with.
final class LoadResult: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: PropertyLoaderError?
    private let done = DispatchSemaphore(value: 0)

    var error: PropertyLoaderError? { lock.withLock { stored } }

    func finish(_ error: PropertyLoaderError?) {
        lock.withLock { stored = error }
        done.signal()
    }

    /// Whether the load finished within `seconds`.
    func wait(seconds: Int) -> Bool {
        done.wait(timeout: .now() + .seconds(seconds)) == .success
    }
}
