import SwinjectInjection
import Synchronization
import Testing

/// The first request of an async singleton starts its creation at once, on its own thread, so a
/// factory may finish, or throw, before that request waits. Each request must still get the
/// outcome of the creation it started, once. Public API only.
@Suite("Async singletons: the creation a request starts")
struct AsyncCreationStartTests {
    private final class Pool: Sendable {
        let number: Int
        init(number: Int) { self.number = number }
    }

    private struct Refused: Error, CustomStringConvertible {
        var description: String { "connection refused (db.internal:5432)" }
    }

    /// Counts calls from any task.
    private final class Calls: Sendable {
        private let count = Atomic<Int>(0)
        @discardableResult func next() -> Int { count.add(1, ordering: .relaxed).newValue }
        var value: Int { count.load(ordering: .relaxed) }
    }

    /// A factory that throws before it suspends fails the request that started it, with the
    /// factory's error; it is not started again for that request. (Should the request retry, the
    /// fourth attempt returns a pool, which the test would see.)
    @Test func aFactoryThatThrowsBeforeItSuspendsFailsTheRequestThatStartedIt() async throws {
        let injector = Injector(label: "start")
        let attempts = Calls()
        try injector.register(
            as: Pool.self,
            injection: .asyncSingleton {
                if attempts.next() > 3 { return Pool(number: 0) }
                throw Refused()
            })
        let error = await #expect(throws: InjectionError.self) { try await injector.getAsync(Pool.self) }
        #expect(error?.code == .factoryThrew)
        #expect(error?.underlyingError is Refused)
        #expect(
            error?.description.contains("connection refused (db.internal:5432)") == true, "\(String(describing: error))"
        )
        #expect(attempts.value == 1)
    }

    /// Variant: the next request tries again, and a creation that then succeeds is kept.
    @Test func theNextRequestAfterASynchronousFailureTriesAgain() async throws {
        let injector = Injector(label: "start")
        let attempts = Calls()
        try injector.register(
            as: Pool.self,
            injection: .asyncSingleton {
                let attempt = attempts.next()
                if attempt == 1 { throw Refused() }
                return Pool(number: attempt)
            })
        await #expect(throws: InjectionError.self) { try await injector.getAsync(Pool.self) }
        #expect(try await injector.getAsync(Pool.self).number == 2)
        #expect(try await injector.getAsync(Pool.self).number == 2)
        #expect(attempts.value == 2)
    }

    /// Variant: a factory that returns without suspending, asked for by many tasks at once, is
    /// created once and every task gets that instance.
    @Test func aFactoryThatNeverSuspendsIsCreatedOnceForConcurrentRequests() async throws {
        let injector = Injector(label: "start")
        let creations = Calls()
        try injector.register(
            as: Pool.self, injection: .asyncSingleton { Pool(number: creations.next()) })
        let numbers = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 { group.addTask { try await injector.getAsync(Pool.self).number } }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(numbers == [1])
        #expect(creations.value == 1)
    }

    /// Variant: concurrent requests of a factory that throws before it suspends each end with
    /// the factory's error. Each request starts or joins at most one creation, so there are at
    /// most 200; should a request start again after its failure, the creations after the 200th
    /// return a pool, which the test would see.
    @Test func concurrentRequestsOfAFactoryThatThrowsAtOnceAllFail() async throws {
        let injector = Injector(label: "start")
        let attempts = Calls()
        try injector.register(
            as: Pool.self,
            injection: .asyncSingleton { () async throws -> Pool in
                if attempts.next() > 200 { return Pool(number: 0) }
                throw Refused()
            })
        let codes = await withTaskGroup(of: InjectionError.Code?.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    do throws(InjectionError) {
                        _ = try await injector.getAsync(Pool.self)
                        return nil
                    } catch {
                        return error.code
                    }
                }
            }
            return await group.reduce(into: [InjectionError.Code?]()) { $0.append($1) }
        }
        #expect(codes.count == 200)
        #expect(codes.allSatisfy { $0 == .factoryThrew })
        #expect((1...200).contains(attempts.value))
    }

    /// A request whose task is already cancelled starts no creation.
    @Test func aCancelledRequestStartsNoCreation() async throws {
        let injector = Injector(label: "start")
        let attempts = Calls()
        try injector.register(
            as: Pool.self,
            injection: .asyncSingleton {
                attempts.next()
                return Pool(number: 1)
            })
        let request = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await injector.getAsync(Pool.self)
        }
        let error = await #expect(throws: InjectionError.self) { try await request.value }
        #expect(error?.code == .cancelled)
        #expect(attempts.value == 0)
        #expect(try await injector.getAsync(Pool.self).number == 1)
    }
}
