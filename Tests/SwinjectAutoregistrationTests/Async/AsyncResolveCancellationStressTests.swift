import Swinject
import SwinjectAutoregistration
import Testing

/// A plain `Container` with async registrations, resolved from the test's task while another task
/// resolves the same services and is cancelled at a varying moment: every round, the instance is
/// created at most once per creation that was not cancelled, both tasks that get it get the same
/// one, and a cancelled request ends with `cancelled` or with the instance, never hangs. Run under
/// the thread sanitizer by `Scripts/tsan.sh`.
@Suite("Async registrations: resolving while another task cancels")
struct AsyncResolveCancellationStressTests {
    @Test func resolvingWhileAnotherTaskResolvesAndIsCancelled() async throws {
        let rounds = 500
        try await withTimeout {
            for round in 0..<rounds {
                try await Self.round(round)
            }
        }
    }

    private static func round(_ round: Int) async throws {
        let container = Container()
        let creations = CallCounter()
        container.register(Credentials.self) { _ in Credentials(secret: "s") }
        container.registerAsync(Pool.self) { _ in
            let attempt = creations.increment()
            for _ in 0..<(round % 4) { await Task.yield() }
            // Every other round, a cancelled creation throws and the next request creates again.
            if round.isMultiple(of: 2) { try Task.checkCancellation() }
            return Pool(id: attempt)
        }
        .inObjectScope(.container)
        container.registerAsync(APIService.self) { r in
            APIService(
                pool: try await r.resolveAsync(Pool.self), credentials: try await r.resolveAsync(Credentials.self))
        }
        let resolver = container.sendableResolver()
        let other = Task { () -> Result<APIService, ResolutionError> in
            do throws(ResolutionError) {
                return .success(try await resolver.resolveAsync(APIService.self))
            } catch {
                return .failure(error)
            }
        }
        for _ in 0..<(round % 3) { await Task.yield() }
        if round % 5 != 4 { other.cancel() }
        let service = try await container.resolveAsync(APIService.self)
        switch await other.value {
        case .success(let otherService):
            #expect(otherService.pool === service.pool)
        case .failure(let error):
            #expect(error.code == .cancelled, "\(error)")
        }
        #expect(try await container.resolveAsync(Pool.self) === service.pool)
        // A second creation only after the first was cancelled and threw.
        #expect(creations.value == 1 || (creations.value == 2 && round.isMultiple(of: 2)))
    }
}
