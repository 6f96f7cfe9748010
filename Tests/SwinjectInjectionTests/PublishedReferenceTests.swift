import Foundation
import SwinjectInjection
import SwinjectKitSupport
import Testing

/// `PublishedReference`, the publish-once cell behind a lazy singleton's storage, an async
/// singleton's storage, an async graph's table and a container's observer chain.
@Suite struct PublishedReferenceTests {
    final class Payload: Sendable {
        let serial: Int
        init(serial: Int) { self.serial = serial }
    }

    final class Owner: Sendable {
        let reference = PublishedReference<Payload>()
    }

    @Test func firstSetWinsAndLaterSetsReturnTheWinner() {
        let owner = Owner()
        #expect(owner.reference.load() == nil)
        #expect(owner.reference.unretained == nil)
        let first = Payload(serial: 1)
        #expect(owner.reference.setIfNil(first) === first)
        #expect(owner.reference.setIfNil(Payload(serial: 2)) === first)
        #expect(owner.reference.load() === first)
        #expect(owner.reference.unretained?.takeUnretainedValue() === first)
    }

    @Test func theOwnerKeepsTheObjectAliveAndReleasesIt() {
        weak var kept: Payload?
        weak var loser: Payload?
        var owner: Owner? = Owner()
        do {
            let payload = Payload(serial: 1)
            let other = Payload(serial: 2)
            kept = payload
            loser = other
            owner?.reference.setIfNil(payload)
            owner?.reference.setIfNil(other)
        }
        #expect(kept != nil, "the owner retains the object it published")
        #expect(loser == nil, "an object that lost the race is not retained")
        owner = nil
        #expect(kept == nil, "the object goes with its owner")
    }

    /// Threads race to set one reference while another thread resolves a lazy singleton through
    /// an `Injector` over its plain `Container` (the singleton's storage is a
    /// `PublishedReference`), in a loop: every racer gets the same object, a reader sees nil or that object, and the singleton
    /// is made once. Under `Scripts/tsan.sh` any unordered access is reported.
    @Test func racingSettersAgreeWhileAnotherThreadResolves() async throws {
        let rounds = 300
        let injector = Injector()
        let made = LockedValue(0)
        try injector.register(
            as: Payload.self,
            injection: .lazySingleton {
                made.withLock { $0 += 1 }
                return Payload(serial: 0)
            })
        let resolver = Thread {
            for _ in 0..<rounds * 4 {
                _ = try? injector.get(Payload.self)
            }
        }
        resolver.start()
        for round in 0..<rounds {
            let owner = Owner()
            let winners = LockedValue<Set<ObjectIdentifier>>([])
            await withTaskGroup(of: Void.self) { group in
                for racer in 0..<4 {
                    group.addTask {
                        if let seen = owner.reference.load() {
                            winners.withLock { _ = $0.insert(ObjectIdentifier(seen)) }
                        }
                        let winner = owner.reference.setIfNil(Payload(serial: round * 4 + racer))
                        winners.withLock { _ = $0.insert(ObjectIdentifier(winner)) }
                    }
                }
            }
            #expect(winners.withLock { $0.count } == 1, "round \(round): racers saw different objects")
        }
        while !resolver.isFinished { await Task.yield() }
        #expect(made.withLock { $0 } == 1)
    }
}
