import Foundation
import Hummingbird
import OrdersApp

// `swift run orders --config Config`: reads the configuration in Config/, checks it, and serves
// the orders API until SIGTERM.
let arguments = CommandLine.arguments.dropFirst()
let directory =
    arguments.firstIndex(of: "--config").flatMap {
        arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil
    }
    ?? "Config"
do {
    let app = try buildApplication(sources: .standard(in: URL(fileURLWithPath: directory)))
    try await app.runService()
} catch {
    print(error)
    exit(1)
}
