import ArgumentParser
import Foundation
import SwinjectPropertyLoader

/// `swinjectkit check FILE...`: every problem of every source at once, for CI.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report every problem in the configuration, one file:line:column: message line each.",
        discussion: """
            Each source is loaded on its own, so one bad file does not hide another's problem. \
            Exits with 0 and a one-line summary when there is none, 1 when there are.
            """
    )

    @OptionGroup var options: ConfigurationOptions

    func run() throws {
        let layers = try ConfigurationLayers(options, environment: ProcessInfo.processInfo.environment)
        let (container, problems) = layers.load()
        guard problems.isEmpty else {
            // Problems go to standard output: they are what the command was asked for.
            for problem in problems { print(problem) }
            let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
            print("\(count) in \(Self.sources(layers.layers.count))")
            throw ExitCode.failure
        }
        print("ok: \(Self.sources(layers.layers.count)), \(container.propertyKeys.count) properties, no problems")
    }

    private static func sources(_ count: Int) -> String {
        count == 1 ? "1 source" : "\(count) sources"
    }
}
