/// Returned by an autoregistered factory instead of the service when it cannot build it, so
/// Swinject's own `resolve` yields nil instead of trapping.
struct ResolutionFailureMarker {}

/// Thrown inside an autoregistered factory when a dependency does not resolve.
@usableFromInline struct DependencyMiss: Error {
    @usableFromInline let type: Any.Type

    @usableFromInline init(type: Any.Type) {
        self.type = type
    }
}
