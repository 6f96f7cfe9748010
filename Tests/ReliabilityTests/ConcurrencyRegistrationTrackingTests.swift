import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Registration on one thread while another applies loaders (the first one included) and reads
/// the usage report: neither touches Swinject's state, the hook is installed by the first resolve.
/// Named `Concurrency…` so `Scripts/tsan.sh` runs it under the thread sanitizer: every
/// registration is tracked and none is missed.
@Suite struct ConcurrencyRegistrationTrackingTests {
    final class Service {
        let port: Int
        init(port: Int) { self.port = port }
    }

    /// `@unchecked Sendable`: one task registers, the other reads usage and applies loaders,
    /// which SwinjectKit serializes with its own locks and Swinject's registration lock.
    final class Shared: @unchecked Sendable {
        let container: Container
        init(_ container: Container) { self.container = container }
    }

    static let registrations = 200

    /// Registers `registrations` container-scoped services that read `port`, then, once the
    /// other task is done too, resolves each and checks that every one is a tracked reader.
    private static func register(
        on shared: Shared, while other: @escaping @Sendable (Shared) throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 0..<registrations {
                    shared.container.register(Service.self, name: "s\(index)") { r in
                        Service(port: r.property("port") ?? -1)
                    }
                    .inObjectScope(.container)
                }
            }
            group.addTask { try other(shared) }
            try await group.waitForAll()
        }
        let container = shared.container
        for index in 0..<registrations {
            #expect(container.resolve(Service.self, name: "s\(index)")?.port == 1)
        }
        let readers = container.propertyUsage.readers(of: "port").compactMap(\.registration)
        #expect(readers.count == registrations)
    }

    @Test func everyRegistrationMadeWhileAnotherThreadReadsUsageIsTracked() async throws {
        for _ in 0..<10 {
            let container = Container()
            try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": 1}"#, name: "base.json"))
            try await Self.register(on: Shared(container)) { shared in
                for index in 0..<40 {
                    _ = shared.container.propertyUsage
                    try shared.container.applyPropertyLoader(
                        JsonPropertyLoader(string: #"{"extra\#(index)": \#(index)}"#, name: "extra.json"))
                }
            }
        }
    }

    @Test func theFirstLoaderAppliedWhileAnotherThreadRegistersTouchesNoRegistration() async throws {
        for _ in 0..<10 {
            try await Self.register(on: Shared(Container())) { shared in
                try shared.container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": 1}"#, name: "base.json"))
                _ = shared.container.propertyUsage
            }
        }
    }
}
