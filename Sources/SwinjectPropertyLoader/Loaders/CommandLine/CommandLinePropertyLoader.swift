/// Loads properties from command-line arguments such as `--database.port=5432`, and leaves
/// every other argument for the application's own parser.
///
/// - `PREFIXkey=value` and `PREFIXkey value` set `key` (the value is the next argument unless
///   that starts with `--`); `PREFIXkey` alone, last or before another `--` option, sets `true`.
/// - The prefix is `--` by default; give one such as `--config.` so that only
///   `--config.database.port=5432` is a property and `--verbose` stays the application's.
/// - `--` ends the options: it and everything after it are left as they are, as are arguments
///   without the prefix. ``unusedArguments`` has them, in order, for swift-argument-parser or
///   any other parser.
/// - A key set twice keeps its last value. Values are text that converts on request, so
///   `--database.port 5432` reads as `Int` and `--verbose` as `Bool`.
///
/// Each value's source is `command-line argument N` (N counts from 1 in the arguments given; by
/// default `CommandLine.arguments.dropFirst()`, so N is also its index in `CommandLine.arguments`)
/// with the value's column in that argument.
///
/// ```swift
/// let loader = CommandLinePropertyLoader(
///     arguments: ["serve", "--config.database.port=5432", "--verbose", "--config.dryRun"],
///     prefix: "--config.")
/// let container = Container()
/// try container.applyPropertyLoader(loader)
/// let port: String? = container.property("database.port")  // "5432"
/// let rest = loader.unusedArguments  // ["serve", "--verbose"], for the application's parser
/// ```
public struct CommandLinePropertyLoader: PropertyBatchLoader, Sendable {
    /// The arguments read, in order.
    package let arguments: [String]
    /// What starts an argument that sets a property (`--` by default).
    package let prefix: String
    private let parsed: CommandLineArguments

    /// Reads `arguments` (the process's arguments without the program path by default); only
    /// arguments that start with `prefix` set properties.
    public init(arguments: some Sequence<String> = CommandLine.arguments.dropFirst(), prefix: String = "--") {
        self.arguments = Array(arguments)
        self.prefix = prefix
        self.parsed = CommandLineArguments(self.arguments, prefix: prefix)
    }

    /// The arguments that set no property, in order: those without the prefix, and `--` with
    /// everything after it. Pass them to the application's own parser.
    public var unusedArguments: [String] { parsed.unused }

    /// One property per option, in order, each a text value with its argument and column.
    ///
    /// Throws ``PropertyLoaderError/malformedContent`` for an option with an empty or
    /// invalid key (`--=5`, `--a..b=1`), naming the argument and the key's column.
    public func loadBatch() throws -> PropertyBatch {
        if let failure = parsed.failure { throw failure }
        var batch = PropertyBatch()
        for assignment in parsed.assignments {
            let source = PropertySource(
                name: Self.sourceName(assignment.argument),
                position: SourcePosition(line: 1, column: assignment.column), valuesAreText: true)
            batch.set(assignment.key, to: .string(assignment.value), source: source)
        }
        return batch
    }

    /// `command-line argument N`.
    static func sourceName(_ argument: Int) -> String {
        "command-line argument \(argument)"
    }
}
