import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// The command-line rules, each through the public API.
@Suite struct CommandLineLoaderTests {
    private func load(_ arguments: [String], prefix: String = "--") throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(CommandLinePropertyLoader(arguments: arguments, prefix: prefix))
        return container
    }

    @Test func equalsAndSeparateValue() throws {
        let container = try load(["--database.port=5432", "--database.host", "db.internal", "--empty="])
        #expect(container.property("database.port") == "5432")
        #expect(container.property("database.host") == "db.internal")
        #expect(container.property("empty") == "")
        let database: [String: String]? = container.property("database")
        #expect(database == ["port": "5432", "host": "db.internal"])
    }

    @Test func valueMayHoldEqualsAndStartWithOneDash() throws {
        let container = try load(["--url=postgres://h/db?sslmode=require", "--offset", "-5", "--name", "a b"])
        #expect(container.property("url") == "postgres://h/db?sslmode=require")
        #expect(container.property("offset") == "-5")
        #expect(container.property("name") == "a b")
    }

    @Test func flagAloneIsTrue() throws {
        let loader = CommandLinePropertyLoader(arguments: ["--verbose", "--dry-run", "--", "--after"])
        let container = Container()
        try container.applyPropertyLoader(loader)
        #expect(container.property("verbose") == "true")
        #expect(container.property("dry-run") == "true")
        #expect(container.property("after", as: String.self) == nil)
        let last = try load(["--a=1", "--feature.enabled"])
        #expect(last.property("feature.enabled") == "true")
        #expect(last.propertySource(for: "feature.enabled")?.description == "command-line argument 2:1:1")
    }

    @Test func doubleDashEndsOptions() throws {
        let loader = CommandLinePropertyLoader(arguments: ["--a=1", "--", "--b=2", "file"])
        let container = Container()
        try container.applyPropertyLoader(loader)
        #expect(container.propertyKeys == ["a"])
        #expect(loader.unusedArguments == ["--", "--b=2", "file"])
    }

    @Test func unknownArgumentsAreLeftInOrder() throws {
        let loader = CommandLinePropertyLoader(
            arguments: ["serve", "-v", "--config.port=8080", "--verbose", "input.txt", "--config.mode", "fast"],
            prefix: "--config.")
        let container = Container()
        try container.applyPropertyLoader(loader)
        #expect(container.propertyKeys.sorted() == ["mode", "port"])
        #expect(container.property("port") == "8080")
        #expect(loader.unusedArguments == ["serve", "-v", "--verbose", "input.txt"])
        #expect(loader.arguments.count == 7)
        #expect(loader.prefix == "--config.")
    }

    /// With a prefix, the value of `--config.key` is the next argument unless that is any `--`
    /// option, so the application's own options are never taken as values.
    @Test func prefixedFlagBeforeAnApplicationOption() throws {
        let loader = CommandLinePropertyLoader(arguments: ["--config.trace", "--help"], prefix: "--config.")
        let container = Container()
        try container.applyPropertyLoader(loader)
        #expect(container.property("trace") == "true")
        #expect(loader.unusedArguments == ["--help"])
    }

    @Test func laterArgumentWins() throws {
        let container = try load(["--port=1", "--port", "2"])
        #expect(container.property("port") == "2")
        let record = try #require(container.propertyRecord(for: "port"))
        #expect(record.source.description == "command-line argument 3:1:1")
        #expect(record.overridden.map(\.description) == ["command-line argument 1:1:8"])
    }

    @Test func sourcesNameTheArgumentAndColumn() throws {
        let container = try load(["serve", "--database.port=5432", "--é=x"])
        let source = try #require(container.propertySource(for: "database.port"))
        #expect(source.name == "command-line argument 2")
        #expect(source.position == SourcePosition(line: 1, column: 17))
        #expect(source.valuesAreText)
        #expect(!source.isSecret)
        // Columns count Unicode scalars.
        #expect(container.propertySource(for: "é")?.description == "command-line argument 3:1:5")
    }

    /// The default reads the process's arguments without the program path.
    @Test func defaultArgumentsAreTheProcessArguments() throws {
        let loader = CommandLinePropertyLoader()
        #expect(loader.arguments == Array(CommandLine.arguments.dropFirst()))
        #expect(loader.prefix == "--")
    }

    @Test func emptyAndInvalidKeysAreErrors() throws {
        let empty = try #require(throws: PropertyLoaderError.self) {
            try Container().applyPropertyLoader(CommandLinePropertyLoader(arguments: ["--a=1", "--=5"]))
        }
        #expect(empty.code == .malformedContent)
        #expect(empty.description == "command-line argument 2:1:3: missing key after '--'")
        let prefixed = try #require(throws: PropertyLoaderError.self) {
            try CommandLinePropertyLoader(arguments: ["x", "--config."], prefix: "--config.").loadBatch()
        }
        #expect(prefixed.description == "command-line argument 2:1:10: missing key after '--config.'")
        let segment = try #require(throws: PropertyLoaderError.self) {
            try CommandLinePropertyLoader(arguments: ["--database..port", "5432"]).loadBatch()
        }
        #expect(
            segment.description
                == "command-line argument 1:1:3: invalid key 'database..port': a '.' must stand between two names")
        let blank = try #require(throws: PropertyLoaderError.self) {
            try CommandLinePropertyLoader(arguments: ["--my key=1"]).loadBatch()
        }
        #expect(
            blank.description
                == "command-line argument 1:1:3: invalid key 'my key': a key has no blank or control character")
        let container = Container()
        try container.applyPropertyLoader(CommandLinePropertyLoader(arguments: ["--ok=1"]))
        #expect(throws: PropertyLoaderError.malformedContent) {
            try container.applyPropertyLoader(CommandLinePropertyLoader(arguments: ["--ok=2", "--.x=1"]))
        }
        #expect(container.property("ok") == "1")
    }

    /// A quadratic pass over the arguments would take minutes here.
    @Test func manyArgumentsLoadInOnePass() throws {
        var arguments: [String] = []
        for index in 0..<100_000 {
            arguments.append("--key\(index)")
            arguments.append("\(index)")
            arguments.append("positional\(index)")
        }
        let loader = CommandLinePropertyLoader(arguments: arguments)
        #expect(try loader.loadBatch().operationCount == 100_000)
        #expect(loader.unusedArguments.count == 100_000)
    }
}
