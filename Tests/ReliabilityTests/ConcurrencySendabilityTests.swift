import Foundation
import Swinject
import SwinjectInjection
import SwinjectPropertyLoader
import Testing

/// Property loaders, loaded properties, records and errors cross task and actor boundaries
/// without any `@unchecked` in user code: this file compiling in the Swift 6 language mode is
/// most of the test.
@Suite struct ConcurrencySendabilityTests {
    /// An actor that owns a container; callers on any task reach it through `await`.
    actor Configuration {
        private let container = Container()

        func apply(_ loader: some PropertyLoader & Sendable) throws {
            try container.applyPropertyLoader(loader)
        }

        func apply(_ properties: [LoadedProperty]) throws {
            try container.applyPropertyLoader(Preloaded(properties: properties))
        }

        func string(_ key: String) -> String? { container.property(key) }
        func record(_ key: String) -> PropertyRecord? { container.propertyRecord(for: key) }
    }

    /// Properties loaded elsewhere (on another task) and handed over whole.
    struct Preloaded: PropertyBatchLoader, Sendable {
        let properties: [LoadedProperty]
        func loadBatch() throws -> PropertyBatch { PropertyBatch(properties) }
    }

    @Test func loadersRunOnChildTasksAndApplyOnAnActor() async throws {
        let configuration = Configuration()
        let results = try await withThrowingTaskGroup(of: (Int, [LoadedProperty]).self) { group in
            for index in 0..<8 {
                let loader = JsonPropertyLoader(string: #"{ "region": "r\#(index)" }"#, name: "task\(index).json")
                group.addTask { (index, try loader.loadBatch().properties) }
            }
            var results: [(Int, [LoadedProperty])] = []
            for try await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }
        }
        for (_, properties) in results { try await configuration.apply(properties) }
        #expect(await configuration.string("region") == "r7")
        let record = try #require(await configuration.record("region"))
        #expect(record.source.description == "task7.json:1:13")
        #expect(record.overridden.count == 7)
    }

    @Test func errorsCrossTasks() async throws {
        let configuration = Configuration()
        let task = Task { try await configuration.apply(TomlPropertyLoader(string: "a = ", name: "broken.toml")) }
        let error = try #require(await #expect(throws: PropertyLoaderError.self) { try await task.value })
        #expect(error.code == .malformedContent)
        #expect(error.description.hasPrefix("broken.toml:1:"))
    }

    /// A global injector, used from tasks and from an actor, with no `@unchecked` in sight.
    enum Services {
        static let injector = Injector(label: "services")
    }

    actor Consumer {
        func greeting() throws -> String {
            let name: String = try Services.injector.container.requiredProperty("name")
            return try Services.injector.get(String.self, name: "prefix") + name
        }
    }

    @Test func globalInjectorFromTasksAndActors() async throws {
        try Services.injector.register(as: String.self, name: "prefix", injection: .singleton("Hello, "))
        try Services.injector.container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "name": "Mike" }"#))
        let greetings = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try await Consumer().greeting() }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(greetings == Array(repeating: "Hello, Mike", count: 8))
    }

    @Test func loadersAreSendableValues() async throws {
        let loaders: [any PropertyLoader & Sendable] = [
            JsonPropertyLoader(string: #"{"a": 1}"#),
            TomlPropertyLoader(string: "b = 2"),
            PlistPropertyLoader(string: "<plist><dict><key>c</key><integer>3</integer></dict></plist>"),
        ]
        let counts = await withTaskGroup(of: Int.self) { group in
            for loader in loaders {
                group.addTask { (try? loader.propertyBatch().properties.count) ?? -1 }
            }
            return await group.reduce(0, +)
        }
        #expect(counts == 3)
    }
}
