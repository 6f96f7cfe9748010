import Swinject
import SwinjectKitSupport

/// The synchronous resolve of a main-actor registration, on the main actor.
enum MainActorResolution {
    @MainActor
    static func resolve<Service>(
        _ service: Service.Type,
        name: String?,
        lineage: AsyncLineage,
        frame: AsyncFrame?
    ) throws(ResolutionError) -> Service {
        let key = RegistrationKey(service: Service.self, arguments: noArgumentsType, name: name)
        guard let registration = lineage.registration(for: key) else {
            // A synchronous registration resolves as Swinject resolves it.
            let container = lineage.members[0].container
            return try lineage.gate.withAccess { () throws(ResolutionError) -> Service in
                ResolutionContext.slot.withCurrent { $0.beginRequest() }
                if lineage.gate.lateRegistrations == nil, let value = container.resolve(Service.self, name: name) {
                    return value
                }
                throw container.resolutionError(service: Service.self, name: name, arguments: [])
            }
        }
        guard case .mainActor(let body) = registration.body else {
            throw AsyncDiagnostics.notMainActor(registration, arguments: 0)
        }
        let box = try AsyncResolution.mainActorInstance(
            of: registration, body: body, arguments: InstanceBox(()), lineage: lineage, parent: frame ?? .root())
        if let value = box.value as? Service { return value }
        let subject = DiagnosticText.subject(Service.self, name: name)
        throw ResolutionError(
            code: .resolvedToNil, chain: [subject],
            message: DiagnosticText.cannotResolve(subject)
                + ": its factory produced \(DiagnosticText.withArticle(TypeNames.short(type(of: box.value)))).")
    }
}
