/// One problem found by ``Swinject/Container/verify(_:)``.
public struct VerificationIssue: Sendable, CustomStringConvertible, Comparable {
    /// The kind of problem: ``ResolutionError/Code/missingDependency``,
    /// ``ResolutionError/Code/cycle`` or ``ResolutionError/Code/argumentOnlyDependency``.
    public let code: ResolutionError.Code
    /// The services involved: from a root service down to the missing dependency, or the cycle
    /// with its first service repeated at the end.
    public let chain: [String]
    /// The explanation.
    public let description: String

    /// Orders issues by their description.
    public static func < (lhs: VerificationIssue, rhs: VerificationIssue) -> Bool {
        lhs.description < rhs.description
    }

    /// Compares descriptions.
    public static func == (lhs: VerificationIssue, rhs: VerificationIssue) -> Bool {
        lhs.description == rhs.description
    }
}

/// Every problem ``Swinject/Container/verify(_:)`` found, sorted.
public struct VerificationError: Error, CustomStringConvertible, Sendable {
    /// The problems, sorted by description.
    public let issues: [VerificationIssue]
    /// The registrations that were not checked, each with the reason (as in
    /// ``VerificationReport/unchecked``).
    public let unchecked: [String]

    init(issues: [VerificationIssue], unchecked: [String] = []) {
        self.issues = issues
        self.unchecked = unchecked
    }

    /// All problems, one per line, then the registrations not checked.
    public var description: String {
        let count = issues.count == 1 ? "1 problem" : "\(issues.count) problems"
        var lines = ["Container verification found \(count):"] + issues.map { "- \($0.description)" }
        if !unchecked.isEmpty {
            lines.append("Not checked (\(unchecked.count)):")
            lines += unchecked.map { "- \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
