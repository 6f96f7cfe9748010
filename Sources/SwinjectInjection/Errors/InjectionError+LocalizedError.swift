public import Foundation

extension InjectionError: LocalizedError {
    /// The same text as ``description``, rather than Foundation's generic "The operation could
    /// not be completed".
    public var errorDescription: String? { description }
}
