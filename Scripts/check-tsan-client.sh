#!/usr/bin/env bash
# A user's view of the thread sanitizer: a throwaway client package outside the repository,
# depending on this checkout by path, resolves services and reads properties from nine threads
# while one of them applies loaders, under `--sanitize=thread` with no suppression file. Any
# report fails the check.
#
#   Scripts/check-tsan-client.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/swinjectkit-tsan-client.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/Client"
# The package identity of a path dependency is its folder name, so the checkout is linked as
# SwinjectKit whatever its own folder is called.
ln -s "$root" "$work/SwinjectKit"

cat >"$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Client",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
        .package(path: "SwinjectKit"),
    ],
    targets: [
        .executableTarget(
            name: "Client",
            dependencies: [
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "SwinjectPropertyLoader", package: "SwinjectKit"),
                .product(name: "SwinjectAutoregistration", package: "SwinjectKit"),
                .product(name: "SwinjectInjection", package: "SwinjectKit"),
            ]
        )
    ]
)
MANIFEST

cat >"$work/Sources/Client/main.swift" <<'SWIFT'
import Foundation
import Swinject
import SwinjectAutoregistration
import SwinjectInjection
import SwinjectPropertyLoader

final class Settings: Sendable {
    let host: String
    let port: Int
    init(host: String, port: Int) { (self.host, self.port) = (host, port) }
}
final class Repository: Sendable {
    let settings: Settings
    init(settings: Settings) { self.settings = settings }
}
final class OrdersService: Sendable {
    let repository: Repository
    init(repository: Repository) { self.repository = repository }
}
final class RequestContext: Sendable {
    let workers: Int
    let databaseHost: String
    init(workers: Int, databaseHost: String) { (self.workers, self.databaseHost) = (workers, databaseHost) }
}
protocol Clock: Sendable { var now: Int { get } }
struct FixedClock: Clock { let now = 42 }

let injector = Injector(label: "client")
let container = injector.container
try container.applyPropertyLoader(
    JsonPropertyLoader(string: #"{ "database": { "host": "db", "port": 5432 }, "workers": 9 }"#, name: "app"))
container.register(Settings.self) { r in
    Settings(host: r.property("database.host") ?? "?", port: r.property("database.port") ?? 0)
}.inObjectScope(.container)
container.register(RequestContext.self) { r in
    let database: [String: Any]? = r.property("database")
    return RequestContext(workers: r.property("workers") ?? 0, databaseHost: database?["host"] as? String ?? "?")
}
container.autoregister(Repository.self, initializer: Repository.init)
container.autoregister(OrdersService.self, initializer: OrdersService.init)
try injector.register(as: Clock.self, injection: .lazySingleton { FixedClock() })

let threads = 9
let rounds = 2_000
let done = DispatchGroup()
for thread in 0..<threads {
    done.enter()
    Thread.detachNewThread {
        defer { done.leave() }
        for round in 0..<rounds {
            do {
                let orders = try injector.get(OrdersService.self)
                precondition(orders.repository.settings.port == 5432)
                let clock = try injector.get(Clock.self)
                precondition(clock.now == 42)
                let context = try injector.get(RequestContext.self)
                precondition(context.workers == 9 && context.databaseHost == "db")
                precondition((injector.container.property("workers") as Int?) == 9)
                if thread == 0 && round % 250 == 0 {
                    try injector.container.applyPropertyLoader(
                        JsonPropertyLoader(string: "{ \"round\": \(round) }", name: "round"))
                }
                if round % 500 == 0 {
                    try injector.register(
                        as: String.self, name: "t\(thread)-\(round)", injection: .singleton("x"))
                }
            } catch {
                print("unexpected error: \(error)")
                exit(1)
            }
        }
    }
}
done.wait()
print("client: \(threads) threads × \(rounds) rounds resolved and read properties")
SWIFT

cd "$work"
log="$work/run.log"
status=0
swift build --sanitize=thread >"$work/build.log" 2>&1 || { tail -n 40 "$work/build.log" >&2; exit 1; }
TSAN_OPTIONS="halt_on_error=0" "$(swift build --sanitize=thread --show-bin-path)/Client" >"$log" 2>&1 || status=$?
cat "$log" | grep -v '^$' | head -n 60
if [[ $status -ne 0 ]] || grep -q "ThreadSanitizer" "$log"; then
    echo "TSAN CLIENT CHECK FAILED (exit $status)" >&2
    exit 1
fi
echo "thread sanitizer in a client package: no reports"
