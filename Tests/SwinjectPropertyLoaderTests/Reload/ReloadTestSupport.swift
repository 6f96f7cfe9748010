import Foundation
import Logging
import SwinjectPropertyLoader
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// No event arrived within the bound a test waits for.
struct ReloadEventTimeout: Error, CustomStringConvertible {
    let seconds: Int
    var description: String { "no reload event within \(seconds) s" }
}

/// The first event of `stream` that `include` accepts, waiting at most `seconds`; throws
/// ``ReloadEventTimeout`` when none arrives, so a missing event fails the test instead of
/// hanging it. The bound is a failure bound, not a timing assertion.
func firstEvent(
    of stream: AsyncStream<PropertyReloadEvent>, within seconds: Int = 10,
    where include: @escaping @Sendable (PropertyReloadEvent) -> Bool = { _ in true }
) async throws -> PropertyReloadEvent {
    try await withThrowingTaskGroup(of: PropertyReloadEvent?.self) { group in
        group.addTask {
            for await event in stream where include(event) { return event }
            return nil
        }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw ReloadEventTimeout(seconds: seconds)
        }
        defer { group.cancelAll() }
        guard let event = try await group.next() ?? nil else { throw ReloadEventTimeout(seconds: seconds) }
        return event
    }
}

/// Writes `text` to `url` as editors and `kubectl cp` do: a new file renamed over the old one.
func writeAtomically(_ text: String, to url: URL) throws {
    try Data(text.utf8).write(to: url, options: .atomic)
}

/// A directory laid out as Kubernetes mounts a ConfigMap: `..data` links to a timestamped folder
/// holding the files, and each visible name links to `..data/<name>`.
struct ConfigMapMount {
    let root: URL
    private(set) var generation = 0

    init(files: [String: String]) throws {
        root = try makeTemporaryDirectory()
        try publish(files)
        for name in files.keys {
            try FileManager.default.createSymbolicLink(
                atPath: root.appendingPathComponent(name).path, withDestinationPath: "..data/\(name)")
        }
    }

    /// Publishes `files` as the kubelet does: a new folder, a new link to it, and one rename of
    /// that link over `..data`, so every file changes at once.
    mutating func publish(_ files: [String: String]) throws {
        generation += 1
        let folder = "..2026_11_25_00_00_\(String(format: "%02d", generation)).\(generation)"
        let folderURL = root.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: folderURL, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folderURL.appendingPathComponent(name)) }
        let temporaryLink = root.appendingPathComponent("..data_tmp").path
        try FileManager.default.createSymbolicLink(atPath: temporaryLink, withDestinationPath: folder)
        guard rename(temporaryLink, root.appendingPathComponent("..data").path) == 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
    }
}

/// A swift-log handler that sends each message to a stream, so a test can await a message
/// logged on another thread.
struct StreamingLogHandler: LogHandler {
    let continuation: AsyncStream<String>.Continuation
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        continuation.yield(event.message.description)
    }
}

/// The first message of `stream`, waiting at most `seconds` (a failure bound, not a timing
/// assertion).
func firstMessage(of stream: AsyncStream<String>, within seconds: Int = 10) async throws -> String {
    try await withThrowingTaskGroup(of: String?.self) { group in
        group.addTask {
            for await message in stream { return message }
            return nil
        }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw ReloadEventTimeout(seconds: seconds)
        }
        defer { group.cancelAll() }
        guard let message = try await group.next() ?? nil else { throw ReloadEventTimeout(seconds: seconds) }
        return message
    }
}
