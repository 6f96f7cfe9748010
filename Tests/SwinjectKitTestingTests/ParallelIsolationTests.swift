import Swinject
import SwinjectInjection
import SwinjectKitTesting
import SwinjectPropertyLoader
import Testing

/// The overrides of one test are invisible to every other test: many tests override the same
/// registrations and property with their own value, in parallel, and each reads only its own.
@Suite struct ParallelIsolationTests {
    /// The three kinds of override for one value.
    static func overrides(for value: Int) -> [TestOverrides] {
        [
            .injector(Shared.injector) { scope in
                try scope.register(as: Token.self, injection: .singleton(Token(value)))
            },
            .container(Shared.container) { child in
                child.register(Token.self) { _ in Token(value) }
            },
            .properties(["token": value]),
        ]
    }

    /// What one test reads for each kind of override.
    static func reads() throws -> [Int?] {
        [
            try Shared.injector.get(Token.self).value,
            Shared.container.effective.resolve(Token.self)?.value,
            Configured.container.property("token"),
        ]
    }

    /// 100 test cases, run in parallel by Swift Testing, each opening its overrides after a random
    /// delay and reading them between random delays while the others open and close theirs.
    @Test(arguments: 0..<100)
    func eachParallelTestSeesOnlyItsOwnOverrides(_ value: Int) async throws {
        try await Task.sleep(for: .milliseconds(Int.random(in: 0...20)))
        let overrides = Self.overrides(for: value)
        try await withOverrides(overrides[0], overrides[1], overrides[2]) {
            for _ in 0..<10 {
                #expect(try Self.reads() == [value, value, value])
                try await Task.sleep(for: .milliseconds(Int.random(in: 0...3)))
            }
        }
        #expect(try Self.reads() == [-1, -1, nil])
    }

    /// The same with overlap guaranteed rather than likely: 100 tasks open their overrides, wait
    /// until all 100 scopes are open at once, then read.
    @Test func hundredScopesOpenAtOnceEachSeeTheirOwn() async throws {
        let count = 100
        let barrier = Barrier(count: count)
        let matches = try await withThrowingTaskGroup(of: Bool.self) { group in
            for value in 0..<count {
                group.addTask {
                    try await Task.sleep(for: .milliseconds(Int.random(in: 0...10)))
                    let overrides = Self.overrides(for: value)
                    return try await withOverrides(overrides[0], overrides[1], overrides[2]) {
                        await barrier.arrive()
                        return try Self.reads() == [value, value, value]
                    }
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(matches == count)
        #expect(await barrier.arrived == count)
    }
}

/// Suspends each caller until `count` callers have arrived.
actor Barrier {
    let count: Int
    private(set) var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        self.count = count
    }

    func arrive() async {
        arrived += 1
        if arrived == count {
            for continuation in waiting { continuation.resume() }
            waiting.removeAll()
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}
