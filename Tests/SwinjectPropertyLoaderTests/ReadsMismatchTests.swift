import Foundation
import Logging
import Swinject
import SwinjectPropertyLoader
import Testing

/// Reads that give nil or a default are never silent about a value of the wrong type.
@Suite struct ReadsMismatchTests {
    private func container(_ json: String) throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: json, name: "app.json"))
        return container
    }

    /// The reported case: `property(_:default:)` swallowed `"port": "5432"`.
    @Test func defaultValueReadRecordsTheMismatch() throws {
        let container = try container("{\n\"port\": \"5432\"\n}")
        let line = #line + 1
        let port = container.property("port", default: 80)
        #expect(port == 80)
        let failure = try #require(container.propertyReadFailures.first)
        #expect(container.propertyReadFailures.count == 1)
        #expect(failure.code == .typeMismatch)
        #expect(failure.key == "port")
        #expect(failure.requestedType == "Swift.Int")
        #expect(failure.source?.description == "app.json:2:9")
        #expect(failure.fileID == "SwinjectPropertyLoaderTests/ReadsMismatchTests.swift")
        #expect(failure.line == line)
    }

    /// Variant: `?? x` on an optional read of other types, and a missing key, which is not a failure.
    @Test func optionalReadsRecordMismatchesButNotMissingKeys() throws {
        let container = try container(#"{"ratio": "high", "enabled": "yes", "name": 7}"#)
        let ratio: Double = container.property("ratio") ?? 1.5
        let enabled: Bool = container.property("enabled") ?? false
        let name: String = container.property("name") ?? "anonymous"
        let missing: Int = container.property("absent") ?? 3
        #expect(ratio == 1.5 && !enabled && name == "anonymous" && missing == 3)
        #expect(container.propertyReadFailures.map(\.key) == ["ratio", "enabled", "name"])
        #expect(container.propertyReadFailures.map(\.requestedType) == ["Swift.Double", "Swift.Bool", "Swift.String"])
    }

    @Test func mismatchIsLoggedOncePerKeyWithSecretsMasked() throws {
        let container = try container(#"{"port": "5432", "database": {"password": "hunter2"}}"#)
        let recorder = RecordingLogHandler.Store()
        container.propertyLogger = Logger(label: "SwinjectKit") { _ in RecordingLogHandler(store: recorder) }
        for _ in 0..<3 {
            let _: Int? = container.property("port")
        }
        let _: Int? = container.property("database.password")
        let messages = recorder.messages
        #expect(messages.count == 2)
        #expect(messages.first?.contains("property \"port\" is a string (\"5432\") from app.json") == true)
        #expect(messages.last?.contains("property \"database.password\" is a string (***)") == true)
        #expect(!messages.joined().contains("hunter2"))
    }

    /// Without a backend configured, the process prints nothing for a mismatch.
    @Test func noOutputWithoutALoggingBackend() async {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent, \.standardOutputContent]) {
            let container = Container()
            try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": "5432"}"#))
            let _: Int? = container.property("port")
        }
        .map { result in
            #expect(result.standardErrorContent.isEmpty)
            #expect(result.standardOutputContent.isEmpty)
        }
    }
}

/// A swift-log handler that keeps the messages it receives.
struct RecordingLogHandler: LogHandler {
    /// `@unchecked Sendable`: the tests log and read from the test's own thread only.
    final class Store: @unchecked Sendable {
        private(set) var messages: [String] = []
        func append(_ message: String) { messages.append(message) }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        store.append(event.message.description)
    }
}

/// With swift-log bootstrapped by the application, mismatches reach its backend under the
/// label `SwinjectKit`, without a logger set on the container.
@Suite struct ReadsLoggingBackendTests {
    @Test func bootstrappedBackendReceivesTheWarning() async {
        await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardOutput(label: label)
                handler.logLevel = .info
                return MarkingLogHandler(label: label, wrapped: handler)
            }
            let container = Container()
            try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"api": {"token": 42}}"#, name: "app.json"))
            let _: String? = container.property("api.token")
            let _: String? = container.property("api.token")
        }
        .map { result in
            let output = String(decoding: result.standardOutputContent, as: UTF8.self)
            let lines = output.split(separator: "\n").filter { $0.contains("[SwinjectKit]") && !$0.contains("Loaded") }
            #expect(lines.count == 1)
            #expect(lines.first?.contains("property \"api.token\" is an integer (***) from app.json") == true)
            #expect(!output.contains("(42)"))
        }
    }
}

/// Marks each line with its label, so the test can tell who logged it; a handler of the
/// application's own, which the library must not mistake for "no backend".
struct MarkingLogHandler: LogHandler {
    let label: String
    var wrapped: StreamLogHandler

    var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.message = "[\(label)] \(event.message)"
        wrapped.log(event: event)
    }
}
