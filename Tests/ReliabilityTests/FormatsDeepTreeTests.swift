import Foundation
import PropertyFormats
import Testing

/// Trees parsed with a raised `maxDepth` are compared and released without recursion: the
/// work runs on a thread with a 1 MiB stack, which a 100,000-level recursion would overflow
/// many times over.
@Suite struct FormatsDeepTreeTests {
    static let depth = 100_000
    static let limits = ParseLimits(maxDepth: depth + 1)

    /// Runs `body` on a new thread with a 1 MiB stack and waits for it.
    static func onSmallStack(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
        done.wait()
    }

    final class Outcome: @unchecked Sendable {
        // Written by the small-stack thread before it signals, read after the wait.
        var results: [String: Bool] = [:]
        var failure: String?
    }

    static func nestedArrays(leaf: String) -> String {
        String(repeating: "[", count: depth) + leaf + String(repeating: "]", count: depth)
    }

    static func nestedObjects(leaf: String) -> String {
        String(repeating: #"{"a":"#, count: depth) + leaf + String(repeating: "}", count: depth)
    }

    /// The reported case: arrays 100,000 deep, compared with an equal and a different tree,
    /// then released.
    @Test func deepArraysCompareAndReleaseOnASmallStack() throws {
        let outcome = Outcome()
        Self.onSmallStack {
            do {
                let first = try JSONParser.parse(Self.nestedArrays(leaf: "1"), options: .init(limits: Self.limits))
                let second = try JSONParser.parse(Self.nestedArrays(leaf: "1"), options: .init(limits: Self.limits))
                let other = try JSONParser.parse(Self.nestedArrays(leaf: "2"), options: .init(limits: Self.limits))
                outcome.results["equal"] = first == second
                outcome.results["different"] = first == other
            } catch {
                outcome.failure = "\(error)"
            }
        }
        #expect(outcome.failure == nil)
        #expect(outcome.results["equal"] == true)
        #expect(outcome.results["different"] == false)
    }

    /// The variant: objects 100,000 deep, compared as `PropertyTable`s and released after a
    /// subtree was copied out of them (the copy outlives the tree and is released on its own).
    @Test func deepObjectsCompareAndReleaseOnASmallStack() throws {
        let outcome = Outcome()
        Self.onSmallStack {
            do {
                let first = try JSONParser.parse(Self.nestedObjects(leaf: "true"), options: .init(limits: Self.limits))
                var subtree: PropertyValue?
                do {
                    let second = try JSONParser.parse(
                        Self.nestedObjects(leaf: "true"), options: .init(limits: Self.limits))
                    let other = try JSONParser.parse(
                        Self.nestedObjects(leaf: "false"), options: .init(limits: Self.limits))
                    guard case .table(let a) = first.value, case .table(let b) = second.value,
                        case .table(let c) = other.value
                    else {
                        outcome.failure = "not tables"
                        return
                    }
                    outcome.results["equal"] = a == b && b == a
                    outcome.results["different"] = a == c || c == a
                    // Ten levels down: a copy that shares the rest of `second`.
                    var node = second
                    for _ in 0..<10 {
                        guard case .table(let table) = node.value, let next = table["a"] else { break }
                        node = next
                    }
                    subtree = node.value
                }
                outcome.results["subtree"] = subtree.map { $0 != first.value } ?? false
            } catch {
                outcome.failure = "\(error)"
            }
        }
        #expect(outcome.failure == nil)
        #expect(outcome.results["equal"] == true)
        #expect(outcome.results["different"] == false)
        #expect(outcome.results["subtree"] == true)
    }

    /// A value replaced in a node does not stay alive through the node.
    @Test func replacingADeepValueReleasesIt() throws {
        let outcome = Outcome()
        Self.onSmallStack {
            do {
                var root = try JSONParser.parse(Self.nestedArrays(leaf: "1"), options: .init(limits: Self.limits))
                root.value = .null
                outcome.results["replaced"] = root.value == .null
            } catch {
                outcome.failure = "\(error)"
            }
        }
        #expect(outcome.failure == nil)
        #expect(outcome.results["replaced"] == true)
    }
}
