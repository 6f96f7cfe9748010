import Foundation

/// The variables a `.env` text reads: a name alone on a line reads the environment, and an
/// interpolation reads the environment first and then the names the file set before it, as
/// docker compose does.
struct DotEnvVariables {
    /// The given variables, or the process environment once something asks for a variable.
    private var environment: [String: String]?
    /// The value each name of the file has so far; kept only when values interpolate.
    private var fileValues: [String: String] = [:]
    private let recordsFileValues: Bool
    /// Set when a `${NAME:?…}` or `${NAME?…}` finds its variable missing.
    var missingVariable = false

    /// `environment` nil reads the process environment when a variable is first asked for.
    init(environment: [String: String]?, recordsFileValues: Bool) {
        self.environment = environment
        self.recordsFileValues = recordsFileValues
    }

    /// The environment's value of `name`.
    mutating func environmentValue(of name: String) -> String? {
        if environment == nil { environment = ProcessInfo.processInfo.environment }
        return environment?[name]
    }

    /// The value an interpolation reads: the environment's, or else the file's so far.
    mutating func value(of name: String) -> String? {
        environmentValue(of: name) ?? fileValues[name]
    }

    /// Records that the file set `name` to `value`.
    mutating func recordFileValue(_ value: String, of name: String) {
        if recordsFileValues { fileValues[name] = value }
    }
}
