import Foundation
import OrdersApp
import Swinject
import SwinjectPropertyLoader

/// Writes the two configurations the start-up benchmark compares, from the example's `Config/`:
///
/// - `layers/`: the example's files (`deployment.toml`, `.env`, `secrets/`) and its
///   `defaults.json` with the benchmark's keys added (`requests.budgetMilliseconds` and a limit
///   for each widget). The SwinjectKit app reads them with `APP_*` variables and command-line
///   flags on top.
/// - `by-hand.json`: the values those layers give, in the one JSON file of the hand-wired app.
enum BenchmarkConfiguration {
    /// The environment both apps run with; the SwinjectKit app reads it as a layer.
    static let environment = ["APP_DATABASE_PORT": "6432"]

    static func prepare(in directory: URL, from example: URL) throws {
        let files = FileManager.default
        let layers = directory.appendingPathComponent("layers")
        try? files.removeItem(at: directory)
        try files.createDirectory(at: layers, withIntermediateDirectories: true)
        for name in ["deployment.toml", ".env", "secrets"] {
            try files.copyItem(at: example.appendingPathComponent(name), to: layers.appendingPathComponent(name))
        }
        var defaults = try String(contentsOf: example.appendingPathComponent("defaults.json"), encoding: .utf8)
        guard let end = defaults.lastIndex(of: "}") else {
            throw BenchmarkFailure("\(example.path)/defaults.json holds no JSON object")
        }
        let widgets = (0..<widgetCount).map { #""w\#($0)": { "limit": \#(limit(of: $0)) }"# }
        defaults.replaceSubrange(
            end...,
            with: """
                ,
                    "requests": { "budgetMilliseconds": 1000 },
                    "widgets": { \(widgets.joined(separator: ", ")) }
                }

                """)
        try defaults.write(to: layers.appendingPathComponent("defaults.json"), atomically: true, encoding: .utf8)

        // The hand-wired app's file holds what the layers give, read through a container.
        var sources = ConfigurationSources.standard(in: layers)
        sources.environment = environment
        sources.arguments = []
        let container = Container()
        try container.applyPropertyLoaders(sources.loaders)
        let handWired = try HandWiredConfiguration(
            server: .init(
                host: container.requiredProperty("server.host"), port: container.requiredProperty("server.port")),
            database: .init(
                host: container.requiredProperty("database.host"), port: container.requiredProperty("database.port"),
                poolSize: container.requiredProperty("database.poolSize"),
                url: container.requiredProperty("database.url"),
                password: container.requiredProperty("database.password")),
            pricing: .init(unitPriceCents: container.requiredProperty("pricing.unitPriceCents")),
            requests: .init(budgetMilliseconds: container.requiredProperty("requests.budgetMilliseconds")),
            widgets: try (0..<widgetCount).map { index -> Int in
                try container.requiredProperty("widgets.w\(index).limit")
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(handWired).write(to: directory.appendingPathComponent("by-hand.json"))
    }

    static func limit(of widget: Int) -> Int { 10 + widget * 3 }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
