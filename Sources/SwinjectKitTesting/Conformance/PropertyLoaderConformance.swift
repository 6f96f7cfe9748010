import Dispatch
import PropertyFormats
import Swinject
import SwinjectKitSupport
public import SwinjectPropertyLoader

/// Checks that a `PropertyLoader` of your own keeps the contract the built-in loaders keep, and
/// reports every violation at once.
///
/// Given a loader and the properties it should produce, `check(_:expecting:rejecting:expectsPositions:)`
/// checks:
/// - keys: every expected leaf key is produced, and no other;
/// - types: each value is the expected value of the expected kind (`5432` is an integer, not
///   the string `"5432"`);
/// - provenance: every source has a name and, when the loader reads a text format, every value
///   has its line:column;
/// - errors: each loader of `rejecting` (the same loader type on bad input) throws a
///   `PropertyLoaderError` that names its source and, for a text format, the line:column;
/// - repeated loads: `loadBatch()` twice gives the same keys, values and sources, and `load()`
///   the same keys;
/// - threads: `loadBatch()` and `load()` called from several threads at once give that same
///   answer (for `Sendable` loaders; run the test under the thread sanitizer to see races).
///
/// ```swift
/// let report = PropertyLoaderConformance.check(
///     JsonPropertyLoader(string: #"{"database": {"port": 5432}, "name": "orders"}"#, name: "app.json"),
///     expecting: ["database.port": 5432, "name": "orders"],
///     rejecting: [JsonPropertyLoader(string: #"{"port": }"#, name: "bad.json")]
/// )
/// #expect(report.passed, "\(report)")
/// ```
public enum PropertyLoaderConformance {
    /// Checks `loader` against `expected`, including loads from several threads at once.
    ///
    /// - Parameters:
    ///   - loader: The loader under test.
    ///   - expected: Every leaf the loader should produce, by flat key (a table value stands
    ///     for its leaves: `"database": ["port": 1]` is `"database.port": 1`).
    ///   - badInputs: Loaders of the same type on input they must refuse.
    ///   - expectsPositions: Whether values and errors must carry a line:column; by default,
    ///     whether the loader is a `FilePropertyLoader` (a text format).
    public static func check<Loader: PropertyLoader & Sendable>(
        _ loader: Loader,
        expecting expected: KeyValuePairs<String, TestPropertyValue>,
        rejecting badInputs: [Loader] = [],
        expectsPositions: Bool? = nil
    ) -> Report {
        Checker.report(loader, expected, badInputs, expectsPositions) { $0.checkConcurrentLoads(loader) }
    }

    /// Checks a loader that is not `Sendable`: everything but the loads from several threads,
    /// which the report lists as not checked.
    public static func check<Loader: PropertyLoader>(
        _ loader: Loader,
        expecting expected: KeyValuePairs<String, TestPropertyValue>,
        rejecting badInputs: [Loader] = [],
        expectsPositions: Bool? = nil
    ) -> Report {
        Checker.report(loader, expected, badInputs, expectsPositions) {
            $0.report.notChecked.append("loads from several threads: \(Loader.self) is not Sendable")
        }
    }
}

extension PropertyLoaderConformance {
    /// Runs the checks on one loader and collects the violations.
    struct Checker {
        let loader: any PropertyLoader
        let loaderName: String
        let expected: [(key: String, value: PropertyValue)]
        let expectsPositions: Bool
        var report: Report

        init<Loader: PropertyLoader>(
            _ loader: Loader, expected: KeyValuePairs<String, TestPropertyValue>, expectsPositions: Bool?
        ) {
            self.loader = loader
            loaderName = String(describing: Loader.self)
            self.expected = ExpectedLeaves.flatten(expected)
            self.expectsPositions = expectsPositions ?? (loader is any FilePropertyLoader)
            report = Report(loader: loaderName, violations: [], notChecked: [])
        }

        /// The report of every check but the concurrent loads on `loader`, then of `threads`, which
        /// checks the concurrent loads or records why they are not checked.
        static func report<Loader: PropertyLoader>(
            _ loader: Loader, _ expected: KeyValuePairs<String, TestPropertyValue>, _ badInputs: [Loader],
            _ expectsPositions: Bool?, threads: (inout Checker) -> Void
        ) -> Report {
            var checker = Checker(loader, expected: expected, expectsPositions: expectsPositions)
            checker.checkContract(badInputs: badInputs)
            threads(&checker)
            return checker.report
        }

        mutating func add(_ code: Violation.Code, key: String? = nil, _ message: String) {
            report.violations.append(Violation(code: code, key: key, message: message))
        }

        /// Every check but the concurrent loads.
        mutating func checkContract<Loader: PropertyLoader>(badInputs: [Loader]) {
            // A test's property overrides must not leak into what the loader is judged on.
            PropertyOverrideLayer.$current.withValue(nil) {
                guard let first = loadBatch() else { return }
                checkMerged(first)
                checkRepeatedLoads(first)
                checkPlainLoad(first)
                for bad in badInputs { checkRejects(bad) }
            }
        }

        /// The loader's batch, or nil after recording why it failed.
        mutating func loadBatch() -> PropertyBatch? {
            do {
                return try loader.propertyBatch()
            } catch {
                add(.loadFailed, "loadBatch() threw: \(error)")
                return nil
            }
        }
    }
}
