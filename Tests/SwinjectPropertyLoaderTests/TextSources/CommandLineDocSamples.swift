import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

// The Swift samples of CommandLineArguments.md, verbatim (Scripts/check-doc-samples.py), and
// tests that run them through the public API. The article's swift-argument-parser command is
// not compiled here (the test target does not depend on it); `ServeArguments` stands for it,
// taking the arguments the loader leaves the way `ParsableCommand.parse(_:)` does.
struct CommandLineDocSamples {
    struct ServeArguments {
        var verbose = false
        var inputs: [String] = []

        static func parse(_ arguments: [String]) -> ServeArguments {
            var result = ServeArguments()
            for argument in arguments {
                if argument == "--verbose" { result.verbose = true } else { result.inputs.append(argument) }
            }
            return result
        }
    }

    func configureFromCommandLine(_ container: Container, arguments: [String]) throws -> [String] {
        let loader = CommandLinePropertyLoader(arguments: arguments, prefix: "--config.")
        try container.applyPropertyLoader(loader)
        return loader.unusedArguments
    }
}

@Suite struct CommandLineDocSampleTests {
    @Test func propertiesAndTheApplicationsArgumentsSplit() throws {
        let container = Container()
        let arguments = ["--config.database.port=5432", "--verbose", "orders.csv", "--config.dryRun"]
        let rest = try CommandLineDocSamples().configureFromCommandLine(container, arguments: arguments)
        #expect(rest == ["--verbose", "orders.csv"])
        let command = CommandLineDocSamples.ServeArguments.parse(rest)
        #expect(command.verbose)
        #expect(command.inputs == ["orders.csv"])
        #expect(container.property("database.port") == "5432")
        #expect(container.property("dryRun") == "true")
        #expect(container.propertySource(for: "database.port")?.description == "command-line argument 1:1:24")
    }

    @Test func docCommentSample() throws {
        let loader = CommandLinePropertyLoader(
            arguments: ["serve", "--config.database.port=5432", "--verbose", "--config.dryRun"],
            prefix: "--config.")
        let container = Container()
        try container.applyPropertyLoader(loader)
        let port: String? = container.property("database.port")  // "5432"
        let rest = loader.unusedArguments  // ["serve", "--verbose"], for the application's parser
        #expect(port == "5432")
        #expect(rest == ["serve", "--verbose"])
    }
}
