import Swinject
import SwinjectAutoregistration
import SwinjectKitTesting
import SwinjectPropertyLoader
import Testing
import XCTest

protocol PaymentGateway {}

struct CardGateway: PaymentGateway {
    let port: Int
}

final class Checkout {
    let gateway: any PaymentGateway
    init(gateway: any PaymentGateway) { self.gateway = gateway }
}

enum BrokenContainers {
    /// `Checkout` needs a `PaymentGateway` that is not registered.
    static func missingGateway() -> Container {
        let container = Container()
        container.autoregister(Checkout.self, initializer: Checkout.init(gateway:))
        return container
    }

    /// Every service is registered, but the gateway's port is not a number.
    static func unreadablePort() throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: "{\n  \"database\": {\n    \"port\": \"5432x\"\n  }\n}", name: "app.json"))
        container.autoregister(Checkout.self, initializer: Checkout.init(gateway:))
        container.register((any PaymentGateway).self) { r in CardGateway(port: r.property("database.port") ?? 0) }
        return container
    }
}

@Suite struct ContainerValidationTests {
    @Test func aMissingDependencyFailsWithTheVerificationReport() {
        let report = BrokenContainers.missingGateway().checkedForTest()
        #expect(!report.passed)
        guard case .failure(let error) = report.verification else {
            Issue.record("verification passed: \(report)")
            return
        }
        #expect(error.code == .invalidContainer)
        #expect(report.description.hasPrefix("Container verification found 1 problem:"), "\(report)")
        #expect(report.description.contains("PaymentGateway"), "\(report)")
        #expect(report.propertyCheckLimits.count == 1)
    }

    @Test func anUnreadablePropertyFailsWithThePropertyReport() throws {
        let report = try BrokenContainers.unreadablePort().checkedForTest()
        #expect(!report.passed)
        #expect(report.properties?.code == .unreadableProperties)
        #expect(
            report.description.contains(#"property "database.port" is a string ("5432x") from app.json:3:13"#),
            "\(report)")
        #expect(report.propertyCheckLimits.isEmpty)
    }

    /// `expectValidContainer` records one issue holding the full report.
    @Test func expectValidContainerRecordsTheReport() throws {
        let container = try BrokenContainers.unreadablePort()
        withKnownIssue {
            expectValidContainer(container)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("1 property cannot be read") }
        }
    }

    @Test func aValidContainerPasses() {
        let container = Container()
        container.register((any PaymentGateway).self) { _ in CardGateway(port: 1) }
        container.autoregister(Checkout.self, initializer: Checkout.init(gateway:))
        let report = expectValidContainer(container)
        #expect(report.passed)
        #expect(report.description == "Verified 2 registrations.")
    }

    /// The reports the documentation shows, printed for comparison.
    @Test func printReports() throws {
        print(BrokenContainers.missingGateway().checkedForTest())
        let container = try BrokenContainers.unreadablePort()
        print(container.checkedForTest())
    }
}

final class ContainerValidationXCTests: XCTestCase {
    func testValidContainerPasses() {
        let container = Container()
        container.register((any PaymentGateway).self) { _ in CardGateway(port: 1) }
        container.autoregister(Checkout.self, initializer: Checkout.init(gateway:))
        XCTAssertValidContainer(container)
    }
}
