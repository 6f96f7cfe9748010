import Foundation
import GraphServices
import Swinject
import SwinjectInjection

// Times the first registration of the 100-service graph in a fresh process and prints it in
// nanoseconds: the cold path a command-line tool or a serverless function pays at every start
// (type metadata, conformance and cache look-ups made once per process). The Graph benchmark
// starts this program once per side and sample (`register.first.*` rows).
//
//   FirstRegistration autoregister|manual|injector [services] [repetitions]
//
// With `repetitions` above 1 the registration runs that many times on fresh containers and the
// last is printed: under callgrind, the difference between two repetition counts is the warm
// cost of registering `services` services (for instance 1,000, which ProfileLoad's 100-service
// copy of the graph cannot show).

let arguments = CommandLine.arguments
let side = arguments.count > 1 ? arguments[1] : "manual"
let services = arguments.count > 2 ? Int(arguments[2]) ?? 100 : 100
let repetitions = arguments.count > 3 ? max(1, Int(arguments[3]) ?? 1) : 1
let clock = ContinuousClock()
var kept: AnyObject?
var elapsed = Duration.zero
for _ in 0..<repetitions {
    kept = nil
    switch side {
    case "autoregister":
        elapsed = clock.measure {
            let container = Container()
            Graph.autoregister(container, services: services)
            kept = container
        }
    case "injector":
        elapsed = clock.measure {
            let injector = Injector(label: "first")
            Graph.register(injector, services: services)
            kept = injector
        }
    case "manual":
        elapsed = clock.measure {
            let container = Container()
            Graph.registerByHand(container, services: services)
            kept = container
        }
    default:
        FileHandle.standardError.write(Data("unknown side \(side)\n".utf8))
        exit(2)
    }
}
let (seconds, attoseconds) = elapsed.components
print(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
withExtendedLifetime(kept) {}
