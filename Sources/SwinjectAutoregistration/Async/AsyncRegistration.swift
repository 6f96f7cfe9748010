/// One async or main-actor registration: its factory, its object scope and its `.container`
/// instance. Immutable apart from the scope setting and the instance cell, which guard themselves.
final class AsyncRegistration: Sendable {
    /// How the factory runs.
    enum Body: Sendable {
        /// An async factory: run on the requesting task for `.transient`, in a creation of its
        /// own for a kept instance (see ``AsyncInstanceCell``).
        case async(@Sendable (AsyncResolver, InstanceBox) async throws -> InstanceBox)
        /// A factory isolated to the main actor, run synchronously there.
        case mainActor(@MainActor @Sendable (AsyncResolver, InstanceBox) throws -> InstanceBox)
    }

    let service: Any.Type
    let name: String?
    /// The runtime argument types, in registration order.
    let argumentTypes: [Any.Type]
    let body: Body
    /// Named as Swinject's entries name theirs, so reports read the scope the same way.
    let objectScope: AsyncScopeSetting
    /// The instance of the `.container` scope.
    let singleton = AsyncInstanceCell()
    /// The instance of the `.weak` scope, held weakly.
    let weakInstance = AsyncInstanceCell(weak: true)
    /// The registration as a resolution chain shows it.
    let link: ChainLink

    init(
        service: Any.Type, name: String?, argumentTypes: [Any.Type], signature: String?, factory: String? = nil,
        body: Body, scope: AsyncObjectScope = .graph
    ) {
        self.service = service
        self.name = name
        self.argumentTypes = argumentTypes
        self.body = body
        self.objectScope = AsyncScopeSetting(scope)
        self.link = ChainLink(type: service, name: name, signature: signature, factory: factory)
    }

    var isMainActor: Bool {
        if case .mainActor = body { return true }
        return false
    }

    /// How the registration is spelled in messages: `registerAsync` or `registerMainActor`.
    var registrationVerb: String { isMainActor ? "registerMainActor" : "registerAsync" }
}
