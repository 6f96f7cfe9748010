extension PropertyLoaderConformance {
    /// Every violation found, and what could not be checked.
    public struct Report: Sendable, CustomStringConvertible {
        /// The loader's type.
        package let loader: String
        /// Every violation, in the order of the checks.
        package internal(set) var violations: [Violation]
        /// Checks that were not run, each with the reason.
        public internal(set) var notChecked: [String]

        /// Whether no violation was found.
        public var passed: Bool { violations.isEmpty }

        /// A count line, then one line per violation and per check not run.
        public var description: String {
            var lines: [String]
            if violations.isEmpty {
                lines = ["\(loader) keeps the PropertyLoader contract."]
            } else {
                let count = violations.count == 1 ? "1 violation" : "\(violations.count) violations"
                lines = ["\(loader) breaks the PropertyLoader contract (\(count)):"]
                lines += violations.map { "- \($0)" }
            }
            if !notChecked.isEmpty {
                lines.append("Not checked:")
                lines += notChecked.map { "- \($0)" }
            }
            return lines.joined(separator: "\n")
        }
    }

    /// One broken rule of the contract.
    package struct Violation: Sendable, Equatable, CustomStringConvertible {
        /// Which rule, as a stable code to match in tests.
        package struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
            package let rawValue: String
            package init(rawValue: String) { self.rawValue = rawValue }
            init(_ rawValue: String) { self.rawValue = rawValue }
            package var description: String { rawValue }

            /// `loadBatch()` or `load()` threw on the good input.
            package static let loadFailed = Code("load-failed")
            /// An expected key was not produced.
            package static let missingKey = Code("missing-key")
            /// A key was produced that was not expected.
            package static let unexpectedKey = Code("unexpected-key")
            /// A value, or its kind, differs from the expected one.
            package static let wrongValue = Code("wrong-value")
            /// A value's source has an empty name.
            package static let missingSource = Code("missing-source")
            /// A value of a text format has no line:column.
            package static let missingPosition = Code("missing-position")
            /// A bad input loaded without an error.
            package static let badInputAccepted = Code("bad-input-accepted")
            /// An error names no source, or no line:column for a text format.
            package static let errorWithoutLocation = Code("error-without-location")
            /// Two loads of one input differ.
            package static let unequalRepeatedLoad = Code("unequal-repeated-load")
            /// `load()` and `loadBatch()` disagree on the keys.
            package static let plainLoadDisagrees = Code("plain-load-disagrees")
            /// Loads from several threads at once differ from a single load.
            package static let unequalConcurrentLoad = Code("unequal-concurrent-load")
        }

        /// Which rule was broken.
        package let code: Code
        /// The property key, when the violation is about one.
        package let key: String?
        /// What was found.
        package let message: String

        /// `[code] key: message`.
        package var description: String {
            "[\(code)] " + (key.map { "\($0): " } ?? "") + message
        }
    }
}
