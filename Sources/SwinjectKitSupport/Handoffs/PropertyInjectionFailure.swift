/// A property wrapper (`@Injected`) that could not resolve its service while a start-up check
/// built the value that declares it.
///
/// The wrapper keeps its failure and stops the program only when the property is read, which may
/// be long after start-up. So it also posts the failure to ``FactoryErrors``: inside
/// `verify(.resolvingEach)` the enclosing service's resolve succeeds, and the check reports this
/// instead, with the property's service in the chain. Outside a check nothing is kept.
package struct PropertyInjectionFailure: Error, Sendable, CustomStringConvertible {
    /// Why the property's service did not resolve.
    package enum Reason: Sendable {
        /// Nothing is registered for it.
        case notRegistered
        /// Building it needs itself.
        case cycle
        /// It is registered only for async resolution.
        case asyncOnly
        /// Its factory failed or threw.
        case failed
    }

    package let reason: Reason
    /// The service the property asked for, and its registration name.
    package let service: Any.Type
    package let name: String?
    /// The wrapper's error, with the property's declaration site.
    package let description: String

    package init(reason: Reason, service: Any.Type, name: String?, description: String) {
        self.reason = reason
        self.service = service
        self.name = name
        self.description = description
    }
}
