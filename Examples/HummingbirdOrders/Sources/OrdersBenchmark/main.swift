import Foundation
import Hummingbird
import OrdersApp

// The server side of `Scripts/bench-hummingbird.sh`, which starts it, loads it with wrk and
// reads its memory:
//
//   orders-benchmark prepare DIR EXAMPLE_CONFIG   writes DIR/layers/ and DIR/by-hand.json
//   orders-benchmark kit DIR [--server.port=N]    the SwinjectKit app on DIR/layers
//   orders-benchmark by-hand DIR [PORT]           the hand-wired app on DIR/by-hand.json
//   orders-benchmark units DIR kit|by-hand|swinject N   N requests' services without a server, for
//                                                 counting instructions with callgrind
//
// Both apps take the environment of `BenchmarkConfiguration.environment` from the caller.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch (arguments.first, arguments.count) {
    case ("prepare"?, 3):
        try BenchmarkConfiguration.prepare(
            in: URL(fileURLWithPath: arguments[1]), from: URL(fileURLWithPath: arguments[2]))
    case ("kit"?, 2...):
        let directory = URL(fileURLWithPath: arguments[1]).appendingPathComponent("layers")
        try await buildKitApplication(sources: .standard(in: directory)).runService()
    case ("by-hand"?, 2...3):
        let file = URL(fileURLWithPath: arguments[1]).appendingPathComponent("by-hand.json")
        try await buildHandWiredApplication(configuration: file, port: arguments.dropFirst(2).first.flatMap { Int($0) })
            .runService()
    case ("units"?, 4):
        let layers = URL(fileURLWithPath: arguments[1]).appendingPathComponent("layers")
        try await BenchmarkRoutes.buildServices(
            count: Int(arguments[3]) ?? 1, mode: arguments[2], sources: .standard(in: layers))
    default:
        throw BenchmarkFailure(
            "usage: orders-benchmark prepare DIR EXAMPLE_CONFIG | kit DIR [--key=value…] | by-hand DIR [PORT]")
    }
} catch {
    print(error)
    exit(1)
}
