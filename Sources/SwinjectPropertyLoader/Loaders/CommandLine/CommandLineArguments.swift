import PropertyFormats

/// One property the command line sets: the key, the text value and the argument (1-based, in
/// the order given to the loader) and column the value starts at.
struct CommandLineAssignment: Sendable {
    var key: String
    var value: String
    var argument: Int
    var column: Int
}

/// What a command line holds for the loader: the assignments in order, the arguments left for
/// the application's own parser, and the first malformed option, if any.
struct CommandLineArguments: Sendable {
    var assignments: [CommandLineAssignment] = []
    var unused: [String] = []
    var failure: PropertyLoaderError?

    /// Reads `arguments` in one pass (the rules are in the CommandLineArguments article):
    /// `PREFIXkey=value`, `PREFIXkey value` (the next argument, unless it starts with `--`),
    /// `PREFIXkey` alone for `true`; `--` ends the options and is left with everything after
    /// it; anything else is left as it is.
    init(_ arguments: [String], prefix: String) {
        let prefixColumns = prefix.unicodeScalars.count
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                unused.append(contentsOf: arguments[index...])
                return
            }
            guard argument.utf8.starts(with: prefix.utf8) else {
                unused.append(argument)
                index += 1
                continue
            }
            let number = index + 1
            let body = argument.unicodeScalars.dropFirst(prefixColumns)
            let key: String
            if let equals = body.firstIndex(of: "=") {
                key = String(body[..<equals])
                let value = String(body[body.index(after: equals)...])
                let column = prefixColumns + key.unicodeScalars.count + 2
                append(key, value, argument: number, column: column, prefix: prefix, prefixColumns: prefixColumns)
                index += 1
            } else if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") {
                key = String(body)
                append(
                    key, arguments[index + 1], argument: number + 1, column: 1, prefix: prefix,
                    prefixColumns: prefixColumns, keyArgument: number)
                index += 2
            } else {
                key = String(body)
                append(key, "true", argument: number, column: 1, prefix: prefix, prefixColumns: prefixColumns)
                index += 1
            }
            if failure != nil { return }
        }
    }

    private mutating func append(
        _ key: String, _ value: String, argument: Int, column: Int, prefix: String, prefixColumns: Int,
        keyArgument: Int? = nil
    ) {
        if let problem = TextSourceKey.problem(in: key) {
            let message = key.isEmpty ? "missing key after '\(prefix)'" : "invalid key '\(key)': \(problem)"
            failure = PropertyLoaderError(
                .malformedContent, source: CommandLinePropertyLoader.sourceName(keyArgument ?? argument),
                message: message, position: SourcePosition(line: 1, column: prefixColumns + 1))
            return
        }
        assignments.append(CommandLineAssignment(key: key, value: value, argument: argument, column: column))
    }
}
