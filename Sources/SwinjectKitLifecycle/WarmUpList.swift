import SwinjectInjection

/// The service types an ``InjectorService`` warms up at startup, in order.
struct WarmUpList: Sendable {
    private let steps: [@Sendable (Injector, String, Int) async throws -> Void]

    init<each Warmed>(_ types: repeat (each Warmed).Type) {
        var steps: [@Sendable (Injector, String, Int) async throws -> Void] = []
        for type in repeat each types {
            steps.append(Self.step(type))
        }
        self.steps = steps
    }

    private static func step<Warmed>(_: Warmed.Type) -> @Sendable (Injector, String, Int) async throws -> Void {
        { injector, fileID, line in _ = try await injector.getAsync(Warmed.self, fileID: fileID, line: line) }
    }

    func warmUp(_ injector: Injector, fileID: String, line: Int) async throws {
        for step in steps { try await step(injector, fileID, line) }
    }
}
