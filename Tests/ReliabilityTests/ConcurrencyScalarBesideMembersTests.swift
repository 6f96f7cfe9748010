import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Property reads on a plain `Container` while another thread applies loaders that set a key's
/// value and a key under it in turn. Reads take whole snapshots, which the documentation allows
/// from any thread during applies; the value and the member are separate slots between loaders,
/// so no snapshot lacks the member. Named `Concurrency…` so `Scripts/tsan.sh` runs it under the
/// thread sanitizer.
@Suite struct ConcurrencyScalarBesideMembersTests {
    final class Shared: @unchecked Sendable {
        // Swinject's `Container` is not Sendable: one task applies loaders, the others only read
        // properties, and no task resolves.
        let container: Container
        init(_ container: Container) { self.container = container }
    }

    static let iterations = 2_000

    /// The number in a value `v12` or `s12`, or -1.
    static func number(_ text: String?) -> Int {
        guard let text, let number = Int(text.dropFirst()) else { return -1 }
        return number
    }

    @Test func readsSeeTheValueAndTheMemberWhileLayersAlternate() async throws {
        let shared = Shared(Container())
        try shared.container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"test.string": "s0"}"#, name: "base.json"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 1...Self.iterations {
                    // Odd layers set the value, even ones the member; `.deep` on every fourth.
                    let text = index.isMultiple(of: 2) ? #"{"test.string": "s\#(index)"}"# : #"{"test": "v\#(index)"}"#
                    let merging: PropertyMerge = index % 4 < 2 ? .replace : .deep
                    try shared.container.applyPropertyLoader(
                        JsonPropertyLoader(string: text, name: "layer\(index).json"), merging: merging)
                }
            }
            for _ in 0..<2 {
                group.addTask {
                    var lastValue = -1
                    var lastMember = 0
                    for read in 0..<Self.iterations {
                        let member: String? = shared.container.property("test.string")
                        let value: String? = shared.container.property("test")
                        let section: [String: String]? = shared.container.property("test")
                        #expect(member != nil)
                        #expect(section?["string"] != nil)
                        let valueNumber = Self.number(value)
                        let memberNumber = Self.number(member)
                        // A value once seen stays, and neither slot goes back to an older layer.
                        #expect(value != nil || lastValue == -1)
                        #expect(valueNumber >= lastValue)
                        #expect(memberNumber >= lastMember)
                        lastValue = valueNumber
                        lastMember = memberNumber
                        // A record lists the value's history, which grows with every layer: read
                        // it now and then.
                        if read.isMultiple(of: 16), let record = shared.container.propertyRecord(for: "test") {
                            #expect(record.source.name.hasPrefix("layer"))
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let container = shared.container
        #expect(container.property("test") as String? == "v\(Self.iterations - 1)")
        #expect(container.property("test.string") as String? == "s\(Self.iterations)")
        #expect(container.propertyKeys == ["test", "test.string"])
        #expect(container.propertyRecord(for: "test")?.overridden.count == Self.iterations / 2 - 1)
    }

    /// A value beside members that is a placeholder resolves in every snapshot a reader sees
    /// while another thread changes what it refers to and the member beside it in turn.
    @Test func aPlaceholderBesideMembersResolvesWhileLayersAlternate() async throws {
        let shared = Shared(Container())
        try shared.container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"test.string": "s0", "ref": "r0"}"#, name: "base.json"))
        try shared.container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"test": "${ref}"}"#, name: "value.json"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 1...Self.iterations {
                    // Odd layers change the referenced key, even ones the member.
                    let text = index.isMultiple(of: 2) ? #"{"test.string": "s\#(index)"}"# : #"{"ref": "r\#(index)"}"#
                    try shared.container.applyPropertyLoader(
                        JsonPropertyLoader(string: text, name: "layer\(index).json"))
                }
            }
            for _ in 0..<2 {
                group.addTask {
                    var lastValue = 0
                    for _ in 0..<Self.iterations {
                        let value: String? = shared.container.property("test")
                        let member: String? = shared.container.property("test.string")
                        #expect(value?.hasPrefix("r") == true)
                        #expect(member?.hasPrefix("s") == true)
                        let valueNumber = Self.number(value)
                        #expect(valueNumber >= lastValue)
                        lastValue = valueNumber
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(shared.container.property("test") as String? == "r\(Self.iterations - 1)")
        #expect(shared.container.property("test.string") as String? == "s\(Self.iterations)")
    }
}
