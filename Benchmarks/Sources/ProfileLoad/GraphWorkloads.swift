import GraphProfile
import Swinject
import SwinjectAutoregistration
import SwinjectInjection

/// The graph and registration workloads, for callgrind (see `main.swift`):
///
///   graph-swinject, graph-injector, graph-autoregister, graph-container, graph-synchronized N
///       build the graph container (100 services) and resolve every service N times
///   register-manual, register-autoregister, register-injector N
///       register the 100-service graph on N fresh containers (injectors)
///
/// Every graph workload registers the same containers first, so the runtime's metadata caches
/// hold the same entries whichever side is measured (see `printResolveCount`); compare the
/// instructions of `--toggle-collect='*resolveAll*'` or `'*getAll*'`, or whole runs minus
/// `graph-none`.
func runGraphWorkload(_ workload: String, repetitions: Int) -> Bool {
    let services = 100
    guard workload.hasPrefix("graph-") || workload.hasPrefix("register-") else { return false }
    if workload.hasPrefix("register-") {
        for _ in 0..<repetitions {
            switch workload {
            case "register-manual":
                let container = Container()
                Graph.registerByHand(container, services: services)
            case "register-autoregister":
                let container = Container()
                Graph.autoregister(container, services: services)
            default:
                let injector = Injector(label: "profile")
                Graph.register(injector, services: services)
            }
        }
        return true
    }
    let byHand = Container()
    Graph.registerByHand(byHand, services: services)
    let autoregistered = Container()
    Graph.autoregister(autoregistered, services: services)
    let injector = Injector(label: "profile")
    Graph.register(injector, services: services)
    let containerInjector = Injector(label: "profile-container")
    Graph.registerByHand(containerInjector.container, services: services)
    let synchronizedContainer = Container()
    Graph.registerByHand(synchronizedContainer, services: services)
    let synchronized = synchronizedContainer.synchronize()
    var built = 0
    for _ in 0..<repetitions {
        switch workload {
        case "graph-swinject": built &+= Graph.resolveAll(byHand, services: services)
        case "graph-injector": built &+= Graph.getAll(injector, services: services)
        case "graph-autoregister": built &+= Graph.resolveAll(autoregistered, services: services)
        case "graph-container": built &+= Graph.getAll(containerInjector, services: services)
        case "graph-synchronized": built &+= Graph.resolveAll(synchronized, services: services)
        default: break
        }
    }
    print("built \(built) services, \(Graph.objects(services: services) * repetitions) objects")
    return true
}
