#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The errors that throwing factories threw on the calling thread while a start-up check
/// collects them, and the check's hand-off to code that cannot throw.
///
/// A factory registered with a throwing closure hands Swinject a failure marker, so `resolve`
/// returns nil and the error itself would be lost to a module that resolves through Swinject.
/// The property check's dry run and `verify(.resolvingEach)` collect them here to report a failed
/// required read with its key and location. Outside ``collect(report:_:)`` nothing is kept.
///
/// Written by the check that runs ``collect(report:_:)``, by the throwing factories (``post(_:)``)
/// and by `requiredProperty` while ``givesStandIns`` is set; read by the `~>` operators, which
/// cannot throw: when their service fails during a check, they build it once more with
/// ``retryWithStandIns(_:)``, and when that fails too they stop with ``trap(_:)``, which prints
/// the check's report first.
package enum FactoryErrors {
    /// Touched only by its own thread.
    private final class Slot {
        /// nil while no ``collect(report:_:)`` runs on this thread.
        var errors: [any Error]?
        /// What the running check found so far, printed before a trap.
        var report: (() -> String)?
        /// Whether a failed required read gives a stand-in value instead of throwing.
        var givesStandIns = false
    }

    private static let slot = ThreadLocal { Slot() }

    /// Runs `body` and returns what it returned with every error a factory threw during it.
    /// `report` gives what the caller found so far, for ``trap(_:)``.
    package static func collect<Result>(
        report: (() -> String)? = nil, _ body: () -> Result
    ) -> (result: Result, errors: [any Error]) {
        let current = slot.current
        let outer = (current.errors, current.report, current.givesStandIns)
        current.errors = []
        current.report = report ?? outer.1
        current.givesStandIns = false
        defer { (current.errors, current.report, current.givesStandIns) = outer }
        let result = body()
        return (result, current.errors ?? [])
    }

    /// Whether a ``collect(report:_:)`` runs on this thread.
    package static var isCollecting: Bool {
        slot.current.errors != nil
    }

    /// Whether a failed required read should give a stand-in value: set only inside
    /// ``retryWithStandIns(_:)``.
    package static var givesStandIns: Bool {
        slot.current.givesStandIns
    }

    /// Keeps `error` for the innermost ``collect(report:_:)`` running on this thread, if any.
    package static func post(_ error: any Error) {
        slot.current.errors?.append(error)
    }

    /// Runs `body` once more while failed required reads give stand-ins, for a caller that
    /// cannot throw; nil outside a collection, inside a retry already, or when `body` fails again.
    package static func retryWithStandIns<Result>(_ body: () -> Result?) -> Result? {
        let current = slot.current
        guard current.errors != nil, !current.givesStandIns else { return nil }
        current.givesStandIns = true
        defer { current.givesStandIns = false }
        return body()
    }

    /// Stops the program with `message`, after printing to standard error what the running
    /// check found so far, so that a check that cannot go on still shows every problem it saw.
    package static func trap(_ message: String) -> Never {
        if let report = slot.current.report {
            let text = "Stopped during a start-up check. Found before stopping:\n\(report())\n"
            var bytes = Array(text.utf8)
            _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
        }
        fatalError(message)
    }
}
