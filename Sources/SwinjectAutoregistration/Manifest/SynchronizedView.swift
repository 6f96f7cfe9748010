import Swinject

/// Tells a `synchronize()` view from a container made by `Container(...)`.
enum SynchronizedView {
    /// Whether `container` was made by `synchronize()`. Reads only Swinject's private
    /// `synchronized` constant (the sixth stored property), which never changes after the
    /// container is made, so any thread may read it; the fields mutated by resolution are not read.
    static func isSynchronizedView(_ container: Container) -> Bool {
        RegistrationSnapshot.child(5, "synchronized", of: container) as? Bool ?? false
    }
}
