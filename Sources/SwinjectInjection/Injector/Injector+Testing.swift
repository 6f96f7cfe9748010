import Foundation

// `InjectorFactory` reads the detection at run time, so the rules stay in the runtime product;
// the spelling tests use is `TestRunner.isActive` in SwinjectKitTesting.

/// The rules behind `InjectorFactory`'s test-runner check, separate so they can be tested with
/// made-up inputs.
@usableFromInline
package enum TestRunnerDetection {
    /// Whether this process is a test runner, computed once.
    @usableFromInline
    package static let isRunningTests: Bool = {
        let process = ProcessInfo.processInfo
        return isTestRunner(
            processName: process.processName,
            arguments: process.arguments,
            environment: process.environment
        ) || hasXCTestLoaded
    }()

    /// Environment variables that Xcode and `xctest` set for test processes.
    package static let environmentKeys = [
        "XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier", "XCInjectBundleInto",
    ]

    package static func isTestRunner(processName: String, arguments: [String], environment: [String: String]) -> Bool {
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
    package static var hasXCTestLoaded: Bool {
        #if canImport(Darwin)
            return NSClassFromString("XCTestCase") != nil
        #else
            return false
        #endif
    }
}
