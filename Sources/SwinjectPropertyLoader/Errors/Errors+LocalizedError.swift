public import Foundation

// `localizedDescription` of each error is its masked `description`, rather than Foundation's
// generic "The operation could not be completed" text.

extension PropertyError: LocalizedError {
    /// The same text as ``description``: secret values read `***`.
    public var errorDescription: String? { description }
}

extension PropertyLoaderError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension PropertyCheckError: LocalizedError {
    /// The same text as ``description``: secret values read `***`.
    public var errorDescription: String? { description }
}
