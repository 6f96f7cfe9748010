#if canImport(XCTest)
    public import Swinject
    public import SwinjectAutoregistration
    import XCTest

    /// Verifies `container` and checks its properties, and fails the XCTest test with the full
    /// report when either finds a problem; the XCTest form of ``expectValidContainer(_:_:checkingProperties:sourceLocation:)``.
    ///
    /// ```swift
    /// final class ContainerTests: XCTestCase {
    ///     func testContainerIsValid() {
    ///         XCTAssertValidContainer(AppContainer.make())
    ///     }
    /// }
    /// ```
    public func XCTAssertValidContainer(
        _ container: Container,
        _ mode: VerificationMode = .resolvingEach,
        checkingProperties: Bool = true,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let report = container.checkedForTest(mode, checkingProperties: checkingProperties)
        if !report.passed {
            XCTFail(report.description, file: file, line: line)
        }
    }
#endif
