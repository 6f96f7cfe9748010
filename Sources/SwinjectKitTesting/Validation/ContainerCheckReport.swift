public import Swinject
public import SwinjectAutoregistration
public import SwinjectPropertyLoader

/// What checking a container for a test found: `verify(_:)` and
/// `checkProperties(resolvingRegistrations:)` together.
///
/// ```swift
/// let report = Container().checkedForTest()
/// #expect(report.passed)
/// ```
public struct ContainerCheckReport: Sendable, CustomStringConvertible {
    /// The verification's result: what it checked, or every problem it found.
    public let verification: Result<VerificationReport, VerificationError>
    /// Every property the registrations need that is missing or cannot be converted; nil when
    /// properties were not checked or all are readable.
    public let properties: PropertyCheckError?
    /// What the property check could not cover, and why (empty when it covered everything).
    public let propertyCheckLimits: [String]

    /// Whether the verification and the property check found nothing.
    public var passed: Bool {
        if case .failure = verification { return false }
        return properties == nil
    }

    /// The full report: the verification's problems or summary, then the property failures and
    /// what the property check did not cover.
    public var description: String {
        var sections: [String] = []
        switch verification {
        case .success(let report): sections.append(report.description)
        case .failure(let error): sections.append(error.description)
        }
        if let properties { sections.append(properties.description) }
        if !propertyCheckLimits.isEmpty {
            sections.append(
                (["Property check limits:"] + propertyCheckLimits.map { "- \($0)" }).joined(separator: "\n"))
        }
        return sections.joined(separator: "\n")
    }
}

extension Container {
    /// Verifies the container and checks the properties its registrations read, for a test.
    ///
    /// Runs `verify(_:)` with `mode`, then the property check. With
    /// `.resolvingEach`, once the verification passed, the property check resolves every
    /// registration too, so reads inside factories are checked. It does not resolve anything when
    /// the verification failed (a factory could force-unwrap a missing dependency) or with
    /// `.dependenciesOnly` (closures were not checked); it then checks the declared properties
    /// and the reads made so far, and ``ContainerCheckReport/propertyCheckLimits`` says so.
    ///
    /// - Parameters:
    ///   - mode: How to verify; `.resolvingEach` by default, which builds every service.
    ///   - checkingProperties: Whether to run the property check.
    public func checkedForTest(
        _ mode: VerificationMode = .resolvingEach, checkingProperties: Bool = true
    ) -> ContainerCheckReport {
        let verification: Result<VerificationReport, VerificationError>
        do {
            verification = .success(try verify(mode))
        } catch {
            verification = .failure(error)
        }
        guard checkingProperties else {
            return ContainerCheckReport(verification: verification, properties: nil, propertyCheckLimits: [])
        }
        var limits: [String] = []
        var resolving = mode == .resolvingEach
        if case .failure = verification, resolving {
            resolving = false
            limits.append(
                "registrations were not resolved, since the verification failed: reads inside factories are not checked"
            )
        } else if !resolving {
            limits.append(
                "registrations were not resolved (.dependenciesOnly): reads inside factories are checked only if "
                    + "they ran before the check")
        }
        var properties: PropertyCheckError?
        do {
            try checkProperties(resolvingRegistrations: resolving)
        } catch {
            properties = error
        }
        return ContainerCheckReport(verification: verification, properties: properties, propertyCheckLimits: limits)
    }
}
