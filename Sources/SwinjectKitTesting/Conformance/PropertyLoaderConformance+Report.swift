extension PropertyLoaderConformance {
    /// Every violation found, and what could not be checked.
    public struct Report: Sendable, CustomStringConvertible {
        /// The loader's type.
        public let loader: String
        /// Every violation, in the order of the checks.
        public internal(set) var violations: [Violation]
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
    public struct Violation: Sendable, Equatable, CustomStringConvertible {
        /// Which rule, as a stable code to match in tests.
        public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            init(_ rawValue: String) { self.rawValue = rawValue }
            public var description: String { rawValue }

            /// `loadBatch()` or `load()` threw on the good input.
            public static let loadFailed = Code("load-failed")
            /// An expected key was not produced.
            public static let missingKey = Code("missing-key")
            /// A key was produced that was not expected.
            public static let unexpectedKey = Code("unexpected-key")
            /// A value, or its kind, differs from the expected one.
            public static let wrongValue = Code("wrong-value")
            /// A value's source has an empty name.
            public static let missingSource = Code("missing-source")
            /// A value of a text format has no line:column.
            public static let missingPosition = Code("missing-position")
            /// A bad input loaded without an error.
            public static let badInputAccepted = Code("bad-input-accepted")
            /// An error names no source, or no line:column for a text format.
            public static let errorWithoutLocation = Code("error-without-location")
            /// Two loads of one input differ.
            public static let unequalRepeatedLoad = Code("unequal-repeated-load")
            /// `load()` and `loadBatch()` disagree on the keys.
            public static let plainLoadDisagrees = Code("plain-load-disagrees")
            /// Loads from several threads at once differ from a single load.
            public static let unequalConcurrentLoad = Code("unequal-concurrent-load")
        }

        /// Which rule was broken.
        public let code: Code
        /// The property key, when the violation is about one.
        public let key: String?
        /// What was found.
        public let message: String

        /// `[code] key: message`.
        public var description: String {
            "[\(code)] " + (key.map { "\($0): " } ?? "") + message
        }
    }
}
