import Swinject

/// A Swinject container carried into async code.
///
/// `@unchecked Sendable`: this is not a claim about `Container` (which is not `Sendable`). Every
/// call into the container made through a reference goes through the lineage's ``ContainerGate``,
/// which lets one thread at a time in, the same rule Swinject's `synchronize()` view follows
/// with its own lock; identity checks and the lineage's parent pointers, which never change, are
/// read without it.
struct AsyncContainerReference: @unchecked Sendable {
    let container: Container
}
