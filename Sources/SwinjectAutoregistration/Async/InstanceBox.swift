/// A resolved instance (or a tuple of runtime arguments) handed between the tasks that await one
/// creation.
///
/// `@unchecked Sendable`: the value is immutable once boxed. A `.container` or `.graph` instance is
/// shared by every task that asks for it, as Swinject shares its singletons between threads; a
/// service used from several tasks at once must be `Sendable` itself, which the registration APIs
/// do not demand because Swinject does not.
struct InstanceBox: @unchecked Sendable {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }
}
