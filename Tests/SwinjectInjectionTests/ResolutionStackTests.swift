import SwinjectKitSupport
import Testing

/// `ResolutionStack`, the per-thread stack of keys both products find cycles on.
@Suite struct ResolutionStackTests {
    final class Factory {}

    @Test func pushesAndPopsKeysOutermostFirst() {
        var stack = ResolutionStack()
        stack.push(ObjectIdentifier(Int.self), name: nil)
        stack.push(ObjectIdentifier(String.self), name: "primary")
        stack.push(ObjectIdentifier(Double.self), name: nil)
        #expect(stack.depth == 3)
        #expect(stack.keys.map(\.identity) == [Int.self, String.self, Double.self].map(ObjectIdentifier.init))
        #expect(stack.keys.map(\.name) == [nil, "primary", nil])
        stack.pop()
        stack.pop()
        #expect(stack.depth == 1)
        #expect(stack.keys.map(\.identity) == [ObjectIdentifier(Int.self)])
        stack.pop()
        #expect(stack.keys.isEmpty)
    }

    @Test func growsPastItsFirstCapacity() {
        let factories = (0..<100).map { _ in Factory() }
        var stack = ResolutionStack()
        for (index, factory) in factories.enumerated() {
            stack.push(ObjectIdentifier(factory), name: index.isMultiple(of: 2) ? nil : "\(index)")
        }
        #expect(stack.depth == 100)
        #expect(stack.keys.map(\.identity) == factories.map(ObjectIdentifier.init))
        #expect(stack.keys[99].name == "99")
        #expect(stack.firstIndex(of: ObjectIdentifier(factories[73]), name: "73") == 73)
        for _ in 0..<60 { stack.pop() }
        #expect(stack.depth == 40)
        #expect(stack.firstIndex(of: ObjectIdentifier(factories[73]), name: "73") == nil)
    }

    @Test func findsAKeyByIdentityAndName() {
        var stack = ResolutionStack()
        let type = ObjectIdentifier(Int.self)
        stack.push(ObjectIdentifier(String.self), name: nil)
        stack.push(type, name: "a")
        stack.push(type, name: nil)
        stack.push(type, name: "a")
        #expect(stack.firstIndex(of: type, name: "a") == 1)
        #expect(stack.lastIndex(of: type, name: "a") == 3)
        #expect(stack.firstIndex(of: type, name: nil) == 2)
        #expect(stack.firstIndex(of: type, name: "b") == nil)
        #expect(stack.lastIndex(of: ObjectIdentifier(Double.self), name: nil) == nil)
    }

    @Test func entersOnlyAKeyNotOnTheStack() {
        var stack = ResolutionStack()
        let outer = ObjectIdentifier(String.self)
        #expect(stack.enter(outer, name: nil) == nil)
        #expect(stack.enter(ObjectIdentifier(Int.self), name: nil) == nil)
        #expect(stack.enter(outer, name: "other") == nil)
        #expect(stack.enter(outer, name: nil) == 0)
        #expect(stack.depth == 3)
    }
}
