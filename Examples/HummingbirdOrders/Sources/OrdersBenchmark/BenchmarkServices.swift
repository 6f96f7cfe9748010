import Foundation
import Logging
import OrdersApp
import Swinject
import SwinjectAutoregistration
import SwinjectPropertyLoader

/// The number of configured services the start-up benchmark registers beside the app's own.
let widgetCount = 200

/// When one request must be answered by: one per request.
final class RequestDeadline: Sendable {
    let end: ContinuousClock.Instant

    init(budgetMilliseconds: Int) {
        end = .now + .milliseconds(budgetMilliseconds)
    }

    var hasPassed: Bool { ContinuousClock.now > end }
}

/// What one request did, kept with its identity: one per request.
final class RequestAudit: @unchecked Sendable {
    let identity: RequestIdentity
    private let lock = NSLock()
    private var events: [String] = []

    init(identity: RequestIdentity) {
        self.identity = identity
    }

    func record(_ event: String) { lock.withLock { events.append(event) } }

    var count: Int { lock.withLock { events.count } }
}

/// One of the start-up benchmark's configured services: it reads its own key, and all but the
/// first of each ten hold the one before.
final class Widget: Sendable {
    let index: Int
    let limit: Int
    let previous: Widget?

    init(index: Int, limit: Int, previous: Widget?) {
        self.index = index
        self.limit = limit
        self.previous = previous
    }

    static func hasPrevious(_ index: Int) -> Bool { index % 10 != 0 }
}

/// The services the benchmark adds to the app's container: the two request-scoped services that
/// make five with the app's identity, logger and unit of work, and the configured widgets.
enum BenchmarkServices {
    static func register(in container: Container) {
        container.register(RequestDeadline.self) { r in
            try RequestDeadline(budgetMilliseconds: r.requiredProperty("requests.budgetMilliseconds"))
        }
        .inObjectScope(.request)
        container.register(RequestAudit.self) { r in
            try RequestAudit(identity: r.resolveOrThrow(RequestIdentity.self))
        }
        .inObjectScope(.request)
        for index in 0..<widgetCount {
            container.register(Widget.self, name: "widget.\(index)") { r in
                try Widget(
                    index: index, limit: r.requiredProperty("widgets.w\(index).limit"),
                    previous: Widget.hasPrevious(index)
                        ? r.resolveOrThrow(Widget.self, name: "widget.\(index - 1)") : nil)
            }
            .inObjectScope(.container)
        }
    }
}
