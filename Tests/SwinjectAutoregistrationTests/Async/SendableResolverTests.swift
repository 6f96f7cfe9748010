import Swinject
import SwinjectAutoregistration
import Testing

@Suite("SendableResolver")
struct SendableResolverTests {
    @Test func manyTasksResolveSynchronousAndAsyncServicesAtOnce() async throws {
        let container = Container()
        container.register(Credentials.self) { _ in Credentials(secret: "s") }
        container.register(Pool.self) { _ in Pool(id: 1) }.inObjectScope(.container)
        container.registerAsync(APIService.self) { r in
            APIService(pool: try r.resolveOrThrow(Pool.self), credentials: try r.resolveOrThrow(Credentials.self))
        }
        .inObjectScope(.transient)
        let resolver = container.sendableResolver()
        let pools = try await withThrowingTaskGroup(of: Pool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    if index.isMultiple(of: 2) { return try resolver.resolveOrThrow(Pool.self) }
                    return try await resolver.resolveAsync(APIService.self).pool
                }
            }
            return try await group.reduce(into: [Pool]()) { $0.append($1) }
        }
        #expect(pools.count == 200)
        #expect(pools.allSatisfy { $0 === pools[0] })
    }

    @Test func anAsyncRegistrationAfterStartIsRefusedWithAnError() async throws {
        let container = Container()
        container.registerAsync(Pool.self) { _ in Pool(id: 1) }
        let resolver = container.sendableResolver()
        container.registerAsync(Credentials.self) { _ in Credentials(secret: "late") }
        let error = await #expect(throws: ResolutionError.registeredAfterStart) {
            try await resolver.resolveAsync(Pool.self)
        }
        #expect(
            error?.description
                == "Cannot resolve Pool: the container changed after sendableResolver() started resolving "
                + "(registered: Credentials (registerAsync, refused)). Registering while other tasks resolve is a "
                + "data race in Swinject; make every registration before calling sendableResolver().")
        #expect(resolver.resolve(Pool.self) == nil)
    }

    @Test func aSwinjectRegistrationWhileTasksResolveIsReportedNotRaced() async throws {
        let container = Container()
        container.register(Pool.self) { _ in Pool(id: 1) }
        let resolver = container.sendableResolver()
        let registering = UncheckedContainer(container)
        let outcomes = await withTaskGroup(of: ResolutionError.Code?.self) { group in
            for index in 0..<100 {
                group.addTask {
                    if index == 50 {
                        registering.container.register(Credentials.self) { _ in Credentials(secret: "late") }
                            .inObjectScope(.container)
                        return nil
                    }
                    do throws(ResolutionError) {
                        _ = try resolver.resolveOrThrow(Pool.self)
                        return nil
                    } catch {
                        return error.code
                    }
                }
            }
            return await group.reduce(into: [ResolutionError.Code?]()) { $0.append($1) }
        }
        #expect(outcomes.allSatisfy { $0 == nil || $0 == .registeredAfterStart })
        #expect(throws: ResolutionError.registeredAfterStart) { try resolver.resolveOrThrow(Pool.self) }
    }
}
