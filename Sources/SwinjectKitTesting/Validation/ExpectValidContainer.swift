public import Swinject
public import SwinjectAutoregistration
public import Testing

/// Verifies `container` and checks its properties, and records a test issue with the full report
/// when either finds a problem, so one test keeps an application's container valid.
///
/// ```swift
/// @Test func containerIsValid() {
///     expectValidContainer(AppContainer.make())
/// }
/// ```
///
/// See ``Swinject/Container/checkedForTest(_:checkingProperties:)`` for what is checked.
///
/// - Returns: The report, for further expectations.
@discardableResult
public func expectValidContainer(
    _ container: Container,
    _ mode: VerificationMode = .resolvingEach,
    checkingProperties: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
) -> ContainerCheckReport {
    let report = container.checkedForTest(mode, checkingProperties: checkingProperties)
    if !report.passed {
        Issue.record(Comment(rawValue: report.description), sourceLocation: sourceLocation)
    }
    return report
}
