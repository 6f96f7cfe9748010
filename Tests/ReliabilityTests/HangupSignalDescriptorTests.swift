import Foundation
import Swinject
import Testing

@testable import SwinjectPropertyLoader

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `SIGHUP` handler may still be running on another thread when the last watcher is
/// removed; it writes to the pipe's write end. That descriptor must stay open for the life of
/// the process, or its number would go to the next file opened and the late handler would write
/// a byte into that file.
@Suite(.serialized) struct HangupSignalDescriptorTests {
    @Test func thePipeOutlivesTheLastWatcher() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config.json")
        try Data(#"{"a": 1}"#.utf8).write(to: file)
        let reloader = try PropertyReloader(
            container: Container(), loaders: [JsonPropertyLoader(url: file)],
            options: .init(pollInterval: .seconds(3600)))

        reloader.startWatching()
        let ends = try #require(HangupSignal.pipeEnds)
        reloader.stopWatching()

        for _ in 0..<100 {
            // Each file opened now takes the lowest free number: never one of the pipe's.
            let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
            #expect(descriptor >= 0)
            #expect(descriptor != ends.write && descriptor != ends.read)
            close(descriptor)
            #expect(fcntl(ends.write, F_GETFD) != -1, "the handler's write end was closed")
            reloader.startWatching()
            let again = try #require(HangupSignal.pipeEnds)
            #expect(again.read == ends.read && again.write == ends.write)
            reloader.stopWatching()
        }
    }
}
