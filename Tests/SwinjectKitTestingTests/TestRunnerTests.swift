import SwinjectKitTesting
import Testing

@Suite struct TestRunnerTests {
    @Test func detectsThisProcessAsATestRunner() {
        #expect(TestRunner.isActive)
    }

    @Test func recognizesTestRunnersByNameArgumentsAndEnvironment() {
        #expect(TestRunner.isTestRunner(processName: "AppPackageTests.xctest", arguments: [], environment: [:]))
        #expect(TestRunner.isTestRunner(processName: "swiftpm-testing-helper", arguments: [], environment: [:]))
        #expect(
            TestRunner.isTestRunner(
                processName: "x", arguments: ["x"], environment: ["XCTestConfigurationFilePath": "/tmp/c"]))
        #expect(
            TestRunner.isTestRunner(
                processName: "x", arguments: ["x", "--testing-library", "swift-testing"], environment: [:]))
        #expect(!TestRunner.isTestRunner(processName: "server", arguments: ["server"], environment: [:]))
    }
}
