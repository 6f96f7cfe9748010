import SwinjectInjection

/// Whether the current process is a test runner.
///
/// `InjectorFactory` in SwinjectInjection reads the same rules at run time to keep the production
/// injector out of tests, so the rules live there; this is the spelling for test code.
///
/// ```swift
/// #expect(TestRunner.isActive)
/// ```
public enum TestRunner {
    /// Whether this process is a test runner (XCTest or Swift Testing, through `swift test`, Xcode
    /// or `xctest`), on Linux and Apple platforms. Computed once.
    public static var isActive: Bool { TestRunnerDetection.isRunningTests }

    /// Whether a process with this name, arguments and environment is a test runner, by the rules
    /// behind ``isActive`` (without the check for a loaded XCTest runtime), so that start-up logic
    /// can be tested with made-up inputs.
    ///
    /// ```swift
    /// #expect(!TestRunner.isTestRunner(processName: "server", arguments: ["server"], environment: [:]))
    /// ```
    package static func isTestRunner(processName: String, arguments: [String], environment: [String: String]) -> Bool {
        TestRunnerDetection.isTestRunner(processName: processName, arguments: arguments, environment: environment)
    }
}
