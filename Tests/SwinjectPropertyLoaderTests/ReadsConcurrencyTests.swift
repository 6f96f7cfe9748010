import Dispatch
import Foundation
import Logging
import Swinject
import SwinjectPropertyLoader
import Testing

/// Failed reads recorded from many threads at once are kept and logged exactly once per key.
@Suite struct ReadsConcurrencyTests {
    @Test func mismatchesFromNineThreadsAreKeptAndLoggedOnce() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"port": "x", "ratio": "y", "name": "ok"}"#, name: "app.json"))
        let recorder = CountingLogHandler.Counter()
        container.propertyLogger = Logger(label: "SwinjectKit") { _ in CountingLogHandler(counter: recorder) }
        let shared = Shared(container: container, synchronized: container.synchronize())
        DispatchQueue.concurrentPerform(iterations: 9) { _ in
            for _ in 0..<200 {
                let _: Int? = shared.synchronized.property("port")
                let _: Double? = shared.container.property("ratio")
                let name: String? = shared.synchronized.property("name")
                #expect(name == "ok")
                #expect(shared.container.propertyReadFailures.count <= 2)
            }
        }
        #expect(Set(container.propertyReadFailures.map(\.key)) == ["port", "ratio"])
        #expect(container.propertyReadFailures.count == 2)
        // One warning per key, through the container's logger: the synchronized resolver holds no
        // state of its own, so the container keeps and logs what is read through it too.
        #expect(recorder.value == 2)
    }
}

/// The container and its synchronized resolver, handed to the worker threads.
///
/// `@unchecked Sendable`: Swinject's types are not `Sendable`; property reads and the failure
/// log are safe from any thread, and the test only reads.
private struct Shared: @unchecked Sendable {
    let container: Container
    let synchronized: any Resolver
}

/// Counts log messages behind a serial queue, so handlers on many threads can share it.
struct CountingLogHandler: LogHandler {
    /// `@unchecked Sendable`: `count` is only read and written on the serial queue.
    final class Counter: @unchecked Sendable {
        private let queue = DispatchQueue(label: "CountingLogHandler")
        private var count = 0
        var value: Int { queue.sync { count } }
        func increment() { queue.sync { count += 1 } }
    }

    let counter: Counter
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        counter.increment()
    }
}
