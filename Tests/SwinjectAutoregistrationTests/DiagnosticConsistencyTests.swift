import Swinject
import SwinjectAutoregistration
import Testing

// `resolveOrThrow` and `verify()` build their messages from one set of texts: the same missing
// dependency reads the same in both, link for link.
@Suite("resolveOrThrow and verify() describe a failure alike")
struct DiagnosticConsistencyTests {
    @Test func aMissingDependencyEndsBothChainsAlike() throws {
        let container = Container()
        container.autoregister(APIClient.self, initializer: APIClient.init)
        container.autoregister(Session.self, initializer: Session.init)
        container.register(URLSessionConfiguration.self, name: "ephemeral") { _ in URLSessionConfiguration() }
        let verification = #expect(throws: VerificationError.invalidContainer) { try container.verify() }
        let issue = try #require(verification?.issues.first)
        #expect(issue.chain == ["APIClient", "Session", "URLSessionConfiguration (not registered)"])
        #expect(
            issue.description.hasSuffix(
                "Registrations of URLSessionConfiguration: URLSessionConfiguration (name: \"ephemeral\")"))
        let resolution = #expect(throws: ResolutionError.missingDependency) {
            try container.resolveOrThrow(APIClient.self)
        }
        let message = try #require(resolution?.description)
        #expect(message.contains("chain: " + issue.chain.joined(separator: " → ")))
        #expect(message.contains("    - URLSessionConfiguration (name: \"ephemeral\")"))
    }

    @Test func variantWithADependencyRegisteredOnlyWithArguments() throws {
        let container = Container()
        container.autoregister(Session.self, initializer: Session.init)
        container.register(URLSessionConfiguration.self) { (_, _: String) in URLSessionConfiguration() }
        let verification = #expect(throws: VerificationError.invalidContainer) { try container.verify() }
        let issue = try #require(verification?.issues.first)
        #expect(issue.code == .argumentOnlyDependency)
        #expect(issue.chain == ["Session", "URLSessionConfiguration (registered only with arguments)"])
        #expect(issue.description.contains("URLSessionConfiguration with arguments (String)"))
        let resolution = #expect(throws: ResolutionError.missingDependency) {
            try container.resolveOrThrow(Session.self)
        }
        let message = try #require(resolution?.description)
        #expect(message.contains("chain: " + issue.chain.joined(separator: " → ")))
        #expect(message.contains("    - URLSessionConfiguration with arguments (String)"))
    }

    @Test func aRejectedAutoregistrationNamesItsSubjectAsResolutionDoes() throws {
        let container = Container()
        container.autoregister(Leaf.self, name: "left", argument: String.self, initializer: Leaf.init)
        let error = #expect(throws: ResolutionError.unmatchedArgumentType) {
            try container.resolveOrThrow(Leaf.self, name: "left", argument: "x")
        }
        #expect(error?.chain == ["Leaf (name: \"left\")"])
        #expect(
            error?.description.hasPrefix("Cannot autoregister Leaf (name: \"left\") with arguments (String)") == true)
    }
}
