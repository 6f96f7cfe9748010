import ArgumentParser
import SwinjectPropertyLoader

/// The options every subcommand shares: the files, how they are read and merged, what goes on
/// top of them, and whether secrets print.
struct ConfigurationOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Configuration files or directories, applied left to right (later files win).",
            valueName: "file"))
    var files: [String] = []

    @Option(help: "Read every file in this format instead of the one its extension names.")
    var format: FileFormat?

    @Option(
        name: .customLong("secrets"),
        help: ArgumentHelp(
            "A directory of one file per key whose values are all secret (a mounted Kubernetes Secret), applied after the files (repeatable).",
            valueName: "directory"))
    var secretDirectories: [String] = []

    @Option(
        name: .customLong("env"),
        help: ArgumentHelp(
            "Apply the environment variables that start with this prefix on top of the files.",
            valueName: "prefix"))
    var environmentPrefix: String?

    @Option(
        name: .customLong("set"),
        help: ArgumentHelp("Set a property on top of everything else (repeatable).", valueName: "key=value"))
    var assignments: [String] = []

    @Option(help: "How a file's tables combine with earlier ones: replace (whole) or deep (leaf by leaf).")
    var merge: MergeMode = .replace

    @Flag(help: "Print secret values instead of ***.")
    var showSecrets = false

    mutating func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one configuration file.") }
        for file in files { _ = try FileFormat.of(path: file, override: format) }
        for directory in secretDirectories where !FileFormat.isDirectory(directory) {
            throw ValidationError("--secrets \(directory): not a directory")
        }
        for assignment in assignments { _ = try Assignment(assignment) }
    }
}

/// `--merge`: the library's ``PropertyMerge`` as an argument.
enum MergeMode: String, CaseIterable, ExpressibleByArgument {
    case replace, deep

    var propertyMerge: PropertyMerge {
        switch self {
        case .replace: .replace
        case .deep: .deep
        }
    }
}

/// One `--set key=value`: the key is everything before the first `=`, the value (text, which
/// converts on request as environment values do) everything after it.
struct Assignment {
    let key: String
    let value: String

    init(_ argument: String) throws(ValidationError) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            throw ValidationError("--set \(argument): expected key=value, with a non-empty key")
        }
        key = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
    }
}
