import Swinject
import SwinjectAutoregistration
import Testing

/// The `.request` object scope and `withScope`: one instance per registration and unit of work,
/// released when the unit ends, through every resolve path.
@Suite struct RequestScopeTests {
    final class Probe {
        let onDeinit: @Sendable () -> Void
        init(onDeinit: @escaping @Sendable () -> Void = {}) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    final class Handler {
        let first: Probe
        let second: Probe
        init(first: Probe, second: Probe) {
            self.first = first
            self.second = second
        }
    }

    final class AsyncProbe: Sendable {}

    final class AsyncHandler: Sendable {
        let probe: AsyncProbe
        init(probe: AsyncProbe) async { self.probe = probe }
    }

    private func makeContainer(onDeinit: @escaping @Sendable () -> Void = {}) -> Container {
        let container = Container()
        container.register(Probe.self) { _ in Probe(onDeinit: onDeinit) }.inObjectScope(.request)
        container.autoregister(Handler.self, initializer: Handler.init)
        return container
    }

    @Test func oneInstancePerUnitThroughEveryPath() throws {
        let container = makeContainer()
        let (handler, probe) = try container.withScope {
            (try container.resolveOrThrow(Handler.self), try #require(container.resolve(Probe.self)))
        }
        #expect(handler.first === handler.second)
        #expect(handler.first === probe)
        let other = try container.withScope { try container.resolveOrThrow(Probe.self) }
        #expect(other !== probe)
    }

    @Test func instancesAreReleasedWhenTheUnitEnds() throws {
        let released = CallCounter()
        let container = makeContainer { released.increment() }
        try container.withScope {
            _ = try container.resolveOrThrow(Handler.self)
            _ = try container.resolveOrThrow(Probe.self)
            #expect(released.value == 0)
        }
        #expect(released.value == 1)
    }

    @Test func asyncInstancesAreReleasedWhenTheUnitEnds() async throws {
        let container = Container()
        container.registerAsync(AsyncProbe.self) { _ in AsyncProbe() }.inObjectScope(.request)
        weak var kept: AsyncProbe?
        try await container.withScope {
            let probe = try await container.resolveAsync(AsyncProbe.self)
            kept = probe
            #expect(kept != nil)
        }
        #expect(kept == nil)
    }

    @Test func anAsyncFactoryRunsOncePerUnitAcrossChildTasks() async throws {
        let runs = CallCounter()
        let container = Container()
        container.registerAsync(AsyncProbe.self) { _ in
            runs.increment()
            try await Task.sleep(for: .milliseconds(20))
            return AsyncProbe()
        }
        .inObjectScope(.request)
        container.autoregister(AsyncHandler.self, initializer: AsyncHandler.init)
        let resolver = container.sendableResolver()
        for unit in 1...3 {
            let identities = try await resolver.withScope {
                try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                    for index in 0..<50 {
                        group.addTask {
                            if index.isMultiple(of: 2) {
                                return ObjectIdentifier(try await resolver.resolveAsync(AsyncProbe.self))
                            }
                            return ObjectIdentifier(try await resolver.resolveAsync(AsyncHandler.self).probe)
                        }
                    }
                    return try await group.reduce(into: Set()) { $0.insert($1) }
                }
            }
            #expect(identities.count == 1)
            #expect(runs.value == unit)
        }
    }

    @Test func aNestedUnitShadowsTheOuterOne() throws {
        let container = makeContainer()
        try container.withScope {
            let outer = try container.resolveOrThrow(Probe.self)
            let inner = try container.withScope { try container.resolveOrThrow(Probe.self) }
            #expect(inner !== outer)
            #expect(try container.resolveOrThrow(Probe.self) === outer)
        }
    }

    @Test func resolveOrThrowOutsideAUnitNamesTheServiceAndTheFix() throws {
        let container = makeContainer()
        let error = try #require(throws: ResolutionError.self) { try container.resolveOrThrow(Handler.self) }
        #expect(error.code == .outsideRequestScope)
        #expect(error.chain == ["Handler", "Probe"])
        #expect(error.description.contains("Probe is in the `.request` object scope"))
        #expect(error.description.contains("container.withScope { … }"))
    }

    @Test func plainResolveOutsideAUnitKeepsNothing() throws {
        let container = makeContainer()
        let first = try #require(container.resolve(Probe.self))
        let second = try #require(container.resolve(Probe.self))
        #expect(first !== second)
        // The misuse left by a plain resolve is not reported for a later, correct request.
        #expect(try container.withScope { try container.resolveOrThrow(Probe.self) } !== first)
    }

    @Test func resolveAsyncOutsideAUnitThrows() async throws {
        let container = makeContainer()
        container.registerAsync(AsyncProbe.self) { _ in AsyncProbe() }.inObjectScope(.request)
        let resolver = container.sendableResolver()
        await #expect(throws: ResolutionError.outsideRequestScope) {
            try await resolver.resolveAsync(AsyncProbe.self)
        }
        await #expect(throws: ResolutionError.outsideRequestScope) {
            try await resolver.resolveAsync(Handler.self)
        }
    }

    @Test func aTaskThatOutlivesItsUnitFindsNoScope() async throws {
        let container = Container()
        container.registerAsync(AsyncProbe.self) { _ in AsyncProbe() }.inObjectScope(.request)
        let resolver = container.sendableResolver()
        let (ended, unitEnded) = AsyncStream<Void>.makeStream()
        let escaped = await resolver.withScope {
            Task {
                for await _ in ended {}
                return try await resolver.resolveAsync(AsyncProbe.self)
            }
        }
        unitEnded.finish()
        await #expect(throws: ResolutionError.outsideRequestScope) { try await escaped.value }
    }

    @Test func theScopeIsReportedByName() {
        #expect(ObjectScope.request.description == "request")
        #expect(AsyncObjectScope.request.description == "request")
    }
}

extension RequestScopeTests {
    @Test func verifyResolvingEachBuildsRequestServicesInAUnit() throws {
        let released = CallCounter()
        let container = makeContainer { released.increment() }
        let report = try container.verify(.resolvingEach)
        #expect(report.unchecked.isEmpty)
        #expect(released.value >= 1)
    }
}
