/// A failure the command reports with exit status 1: problems found in the configuration, or a
/// key that is not set. Each line goes to standard error.
struct CommandFailure: Error {
    let lines: [String]

    init(lines: [String]) {
        self.lines = lines
    }

    init(_ message: String) {
        self.lines = [message]
    }
}
