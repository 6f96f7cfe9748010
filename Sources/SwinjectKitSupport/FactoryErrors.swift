/// The errors that throwing factories threw on the calling thread while a caller collects them.
///
/// A factory registered with a throwing closure hands Swinject a failure marker, so `resolve`
/// returns nil and the error itself would be lost to a module that resolves through Swinject.
/// The property check's dry run collects them here to report a failed required read with its
/// key and location. Outside ``collect(_:)`` nothing is kept.
package enum FactoryErrors {
    /// Touched only by its own thread, so its accesses need no run-time exclusivity check.
    private final class Slot {
        /// nil while no ``collect(_:)`` runs on this thread.
        @exclusivity(unchecked) var errors: [any Error]?
    }

    private static let slot = ThreadLocal { Slot() }

    /// Runs `body` and returns what it returned with every error a factory threw during it.
    package static func collect<Result>(_ body: () -> Result) -> (result: Result, errors: [any Error]) {
        let current = slot.current
        let outer = current.errors
        current.errors = []
        defer { current.errors = outer }
        let result = body()
        return (result, current.errors ?? [])
    }

    /// Keeps `error` for the innermost ``collect(_:)`` running on this thread, if any.
    package static func post(_ error: any Error) {
        slot.current.errors?.append(error)
    }
}
