import ArgumentParser
import Foundation

/// `swinjectkit`: shows, reads, explains and checks merged configuration files.
///
/// Exit status: 0 when the command succeeds, 1 when it finds problems or a key is not set,
/// 2 for a usage error (an unknown option, a missing file argument, an unknown format).
@main
struct SwinjectKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swinjectkit",
        abstract: "Show, read, explain and check merged configuration files.",
        discussion: """
            Formats follow the extension: .json, .plist, .toml, .yaml/.yml (with the YAML trait), \
            .env, and a directory of one file per key. Exit status: 0 ok, 1 problems found or key \
            not set, 2 usage error.
            """,
        subcommands: [ShowCommand.self, GetCommand.self, ExplainCommand.self, CheckCommand.self]
    )

    /// The usage-error status; argument-parser's own is `EX_USAGE` (64).
    static let usageStatus: Int32 = 2

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            for line in failure.lines { FileHandle.standardError.write(Data((line + "\n").utf8)) }
            Foundation.exit(ExitCode.failure.rawValue)
        } catch {
            let code = exitCode(for: error)
            guard code == .validationFailure else { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(usageStatus)
        }
    }
}
