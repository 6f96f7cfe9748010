import Foundation

extension Injector {
    /// Whether this process is a test runner (XCTest or Swift Testing, through `swift test`, Xcode or
    /// `xctest`), on Linux and Apple platforms. Computed once.
    ///
    /// ```swift
    /// if Injector.isRunningTests { print("under tests") }
    /// ```
    public static let isRunningTests: Bool = {
        let process = ProcessInfo.processInfo
        return TestRunnerDetection.isTestRunner(
            processName: process.processName,
            arguments: process.arguments,
            environment: process.environment
        ) || TestRunnerDetection.hasXCTestLoaded
    }()
}

/// The rules behind ``Injector/isRunningTests``, separate so they can be tested with made-up inputs.
enum TestRunnerDetection {
    /// Environment variables that Xcode and `xctest` set for test processes.
    static let environmentKeys = [
        "XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier", "XCInjectBundleInto",
    ]

    static func isTestRunner(processName: String, arguments: [String], environment: [String: String]) -> Bool {
        if environmentKeys.contains(where: { environment[$0] != nil }) { return true }
        let executable = arguments.first.map { ($0 as NSString).lastPathComponent } ?? ""
        for name in [processName, executable] {
            // `swift test` runs `<Package>PackageTests.xctest` on Linux and `xctest` or
            // `swiftpm-testing-helper` with the `.xctest` bundle on macOS.
            if name == "xctest" || name == "swiftpm-testing-helper" || name.hasSuffix(".xctest")
                || name.contains("PackageTests")
            {
                return true
            }
        }
        return arguments.dropFirst().contains { $0.hasSuffix(".xctest") || $0.contains(".xctest/") }
            || arguments.contains("--testing-library")
    }

    /// Whether XCTest's runtime is loaded (Apple platforms only; Linux relies on the process rules).
    static var hasXCTestLoaded: Bool {
        #if canImport(Darwin)
            return NSClassFromString("XCTestCase") != nil
        #else
            return false
        #endif
    }
}
