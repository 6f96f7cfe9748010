import Foundation
import Swinject
import SwinjectAutoregistration
import Testing

/// `sendableResolver()` called again on a container it already sealed, as code that makes a
/// resolver per request does (public API only).
@Suite struct SendableResolverRepeatedTests {
    /// A late registration is named once in the error, however many resolvers were made.
    @Test func aLateRegistrationIsReportedOnceAfterManyResolvers() throws {
        let container = Container()
        container.register(Pool.self) { _ in Pool(id: 1) }
        var resolvers: [SendableResolver] = []
        for _ in 0..<50 { resolvers.append(container.sendableResolver()) }
        #expect(try resolvers[0].resolveOrThrow(Pool.self).id == 1)
        container.register(Credentials.self) { _ in Credentials(secret: "late") }
        let error = #expect(throws: ResolutionError.registeredAfterStart) {
            try resolvers[49].resolveOrThrow(Pool.self)
        }
        let message = error?.description ?? ""
        #expect(message.components(separatedBy: "Credentials (register)").count == 2, "\(message)")
    }

    /// Variant: resolvers made from two children of one parent, then a late registration on the
    /// parent, which both children see.
    @Test func childrenOfOneParentReportTheParentsLateRegistrationOnce() throws {
        let parent = Container()
        parent.register(Pool.self) { _ in Pool(id: 2) }
        let first = Container(parent: parent)
        let second = Container(parent: parent)
        let resolvers = (0..<20).map { $0.isMultiple(of: 2) ? first.sendableResolver() : second.sendableResolver() }
        #expect(try resolvers[1].resolveOrThrow(Pool.self).id == 2)
        parent.register(Credentials.self) { _ in Credentials(secret: "late") }
        for resolver in [resolvers[0], resolvers[1]] {
            let error = #expect(throws: ResolutionError.registeredAfterStart) { try resolver.resolveOrThrow(Pool.self) }
            let message = error?.description ?? ""
            #expect(message.components(separatedBy: "Credentials (register)").count == 2, "\(message)")
        }
    }
}
