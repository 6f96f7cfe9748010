import SwinjectKitSupport

/// Thrown inside an autoregistered factory when a dependency does not resolve.
@usableFromInline struct DependencyMiss: Error {
    @usableFromInline let type: Any.Type

    @usableFromInline init(type: Any.Type) {
        self.type = type
    }
}
