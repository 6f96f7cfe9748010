/// A resolution failure that one module explained while Swinject only returned nil, kept for
/// the module that called Swinject: an autoregistered factory that misses a dependency records
/// the chain here, and an `Injector` whose Swinject registration then produced nil shows it.
package struct ExplainedFailure: Sendable, Equatable {
    /// The services from the outermost one the explaining module saw to the failing one, as
    /// `String(reflecting:)` spells them (a name in parentheses where one was used).
    package let chain: [String]
    /// Why the last service failed: "did not resolve", "its factory threw …", "dependency cycle".
    package let reason: String
    /// What the last service's factory or initializer threw, when that is why it failed.
    package let thrown: (any Error)?

    package init(chain: [String], reason: String, thrown: (any Error)? = nil) {
        self.chain = chain
        self.reason = reason
        self.thrown = thrown
    }

    /// Equal when the chains and reasons are.
    package static func == (lhs: ExplainedFailure, rhs: ExplainedFailure) -> Bool {
        lhs.chain == rhs.chain && lhs.reason == rhs.reason
    }
}

/// The last ``ExplainedFailure`` posted on the calling thread.
package enum ExplainedFailures {
    /// Touched only by its own thread.
    private final class Slot {
        var failure: ExplainedFailure?
    }

    private static let slot = ThreadLocal { Slot() }

    /// Replaces the thread's failure with `failure`.
    package static func post(_ failure: ExplainedFailure) {
        slot.current.failure = failure
    }

    /// Forgets the thread's failure, before a resolution whose own failure should be read.
    package static func clear() {
        let current = slot.current
        if current.failure != nil { current.failure = nil }
    }

    /// Removes and returns the thread's failure.
    package static func take() -> ExplainedFailure? {
        let current = slot.current
        defer { current.failure = nil }
        return current.failure
    }
}
