/// What a SwinjectKit factory hands Swinject instead of the service when it cannot build it
/// (a dependency is missing, the initializer threw, a cycle was cut), so Swinject's own
/// `resolve` yields nil instead of trapping. Never a kept instance: the instance storage
/// wrapper of usage tracking does not keep it, so the next resolve runs the factory again.
package struct ResolutionFailureMarker {
    package init() {}

    /// Whether `instance`, as Swinject hands it to an instance storage, is the marker. The
    /// factories return the marker itself as `Any`, never wrapped, so comparing the dynamic type
    /// answers as `is` does, without a dynamic cast on every kept instance.
    package static func marks(_ instance: Any?) -> Bool {
        guard let instance else { return false }
        return type(of: instance) == ResolutionFailureMarker.self
    }
}
