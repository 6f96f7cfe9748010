/// What a SwinjectKit factory hands Swinject instead of the service when it cannot build it
/// (a dependency is missing, the initializer threw, a cycle was cut), so Swinject's own
/// `resolve` yields nil instead of trapping. Never a kept instance: the instance storage
/// wrapper of usage tracking does not keep it, so the next resolve runs the factory again.
package struct ResolutionFailureMarker {
    package init() {}
}
