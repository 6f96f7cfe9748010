import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Failed property reads on a plain `Container` while another thread applies layers that break
/// and fix the key in turn: recording a failure, listing the failures (which reads each one
/// again) and applying run at once. Named `Concurrency…` so `Scripts/tsan.sh` runs it under the
/// thread sanitizer.
@Suite struct ConcurrencyReadFailureTests {
    final class Shared: @unchecked Sendable {
        // Swinject's `Container` is not Sendable: one task applies loaders, the others only read
        // properties and the failures, and no task resolves.
        let container: Container
        init(_ container: Container) { self.container = container }
    }

    static let iterations = 2_000

    @Test func failuresFollowTheLayersWhileTheyAlternate() async throws {
        let shared = Shared(Container())
        try shared.container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": 1}"#, name: "base.json"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 1...Self.iterations {
                    // Odd layers break the key, even ones fix it.
                    let text = index.isMultiple(of: 2) ? #"{"port": \#(index)}"# : #"{"port": "bad\#(index)"}"#
                    try shared.container.applyPropertyLoader(
                        JsonPropertyLoader(string: text, name: "layer\(index).json"))
                }
            }
            for reader in 0..<2 {
                group.addTask {
                    for read in 0..<Self.iterations {
                        let port: Int? = shared.container.property("port", fileID: "reader\(reader)", line: read % 4)
                        if let port { #expect(port >= 1) }
                        if read.isMultiple(of: 8) {
                            for failure in shared.container.propertyReadFailures {
                                #expect(failure.key == "port")
                                #expect(failure.code == .typeMismatch)
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        // The last layer fixed the key: no failure is left, however many were recorded.
        #expect(shared.container.propertyReadFailures.isEmpty)
        try shared.container.checkProperties(resolvingRegistrations: false)
        try shared.container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": "bad"}"#, name: "last.json"))
        #expect(shared.container.propertyReadFailures.count <= 8)
        #expect(shared.container.propertyReadFailures.allSatisfy { $0.description.contains("\"bad\"") })
    }
}
