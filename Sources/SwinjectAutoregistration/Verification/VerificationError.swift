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
///
/// The ``description`` lists one problem per line, then the registrations that were not checked;
/// ``issues`` holds each problem with its ``ResolutionError/Code`` and chain.
///
/// The kind of failure is the ``code-swift.property``, spelled in kebab-case
/// (`invalid-container`). Two errors are equal when their codes are equal, whatever their issues
/// (compare `description` for the text). Each code has a static error value, so a test matches a
/// code with `#expect(throws:)`, and a `catch` clause matches it even where other errors may be
/// thrown:
///
/// ```swift
/// #expect(throws: VerificationError.invalidContainer) {
///     try container.verify()
/// }
///
/// do {
///     print(try container.verify())
/// } catch VerificationError.invalidContainer {
///     // only this code
/// }
/// ```
public struct VerificationError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable kebab-case spelling, such as `invalid-container`.
        public let rawValue: String

        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// The container has registrations that cannot be built: a missing dependency, a cycle or
        /// a dependency registered only with runtime arguments (or, with
        /// ``VerificationMode/resolvingEach``, a registration that resolved to nil or threw).
        package static let invalidContainer = Code("invalid-container")

        /// The code's spelling, such as `invalid-container`.
        public var description: String { rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// The problems, sorted by description.
    public let issues: [VerificationIssue]
    /// The registrations that were not checked, each with the reason (as in
    /// ``VerificationReport/unchecked``).
    public let unchecked: [String]

    init(issues: [VerificationIssue], unchecked: [String] = []) {
        self.code = .invalidContainer
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

    /// Two errors are equal when their codes are equal; compare ``description`` for the text.
    public static func == (lhs: VerificationError, rhs: VerificationError) -> Bool {
        lhs.code == rhs.code
    }

    /// Whether `error` is a verification error with the code of `pattern`, so that
    /// `catch VerificationError.invalidContainer` compiles beside other `catch` clauses.
    public static func ~= (pattern: VerificationError, error: any Error) -> Bool {
        (error as? VerificationError)?.code == pattern.code
    }

    /// The container has registrations that cannot be built: a missing dependency, a cycle or
    /// a dependency registered only with runtime arguments (or, with
    /// ``VerificationMode/resolvingEach``, a registration that resolved to nil or threw).
    /// Equals every error with the code `invalid-container`.
    public static let invalidContainer = VerificationError(issues: [])
}
