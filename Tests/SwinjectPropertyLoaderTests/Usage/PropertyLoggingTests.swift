import Logging
import Swinject
import SwinjectPropertyLoader
import Testing

/// A swift-log handler that keeps each message with its level.
struct LevelRecordingLogHandler: LogHandler {
    /// `@unchecked Sendable`: the tests log and read on the test's own thread only.
    final class Store: @unchecked Sendable {
        private(set) var entries: [(level: Logger.Level, message: String)] = []
        func append(_ level: Logger.Level, _ message: String) { entries.append((level, message)) }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        store.append(event.level, event.message.description)
    }

    static func logger(_ store: Store) -> Logger {
        Logger(label: "SwinjectKit") { _ in LevelRecordingLogHandler(store: store) }
    }
}

@Suite struct PropertyLoggingTests {
    @Test func logsEachSourceInTheOrderItApplies() throws {
        let container = Container()
        let store = LevelRecordingLogHandler.Store()
        container.propertyLogger = LevelRecordingLogHandler.logger(store)
        try container.applyPropertyLoaders([
            JsonPropertyLoader(string: #"{"a": 1}"#, name: "defaults.json"),
            TomlPropertyLoader(string: "a = 2", name: "overrides.toml"),
        ])
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"b": 1}"#, name: "late.json"))

        #expect(store.entries.map(\.level) == [.info, .info, .info])
        #expect(
            store.entries.map(\.message) == [
                "Loaded properties (1 of 2) from defaults.json",
                "Loaded properties (2 of 2) from overrides.toml",
                "Loaded properties (1 of 1) from late.json",
            ])
    }

    @Test func aFailedApplyLogsNothing() throws {
        let container = Container()
        let store = LevelRecordingLogHandler.Store()
        container.propertyLogger = LevelRecordingLogHandler.logger(store)
        #expect(throws: (any Error).self) {
            try container.applyPropertyLoaders([
                JsonPropertyLoader(string: #"{"a": 1}"#, name: "good.json"),
                JsonPropertyLoader(string: #"{"a": "#, name: "broken.json"),
            ])
        }
        #expect(store.entries.isEmpty)
    }

    @Test func conversionFailuresAreWarnedOncePerKeyWithSecretsMasked() throws {
        let container = Container()
        let store = LevelRecordingLogHandler.Store()
        container.propertyLogger = LevelRecordingLogHandler.logger(store)
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"port": "x", "api": {"token": "s3cr3t"}}"#, name: "app.json"))
        for _ in 0..<3 {
            let _: Int? = container.property("port")
            let _: Int? = container.property("api.token")
        }

        let warnings = store.entries.filter { $0.level == .warning }.map(\.message)
        #expect(warnings.count == 2)
        #expect(warnings.first?.contains(#"property "port" is a string ("x") from app.json"#) == true)
        #expect(warnings.last?.contains(#"property "api.token" is a string (***)"#) == true)
        #expect(!store.entries.map(\.message).joined().contains("s3cr3t"))
    }
}
