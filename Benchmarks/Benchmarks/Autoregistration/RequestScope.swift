import Benchmark
import BenchmarkPairs
import Swinject
import SwinjectAutoregistration

// A request handler that resolves five request-scoped services inside `withScope`, against the
// same handler with the five services built by hand. In-process, no HTTP; 1,000 units of work
// per block. Each unit resolves the handler, whose autoregistered initializer takes the five,
// and one of them again directly (the shared instance).

final class RequestTransaction {}
final class RequestSession {}
final class RequestLog {}
final class RequestCache {}
final class RequestPrincipal {}

final class RequestHandler {
    let transaction: RequestTransaction
    let session: RequestSession
    let log: RequestLog
    let cache: RequestCache
    let principal: RequestPrincipal

    init(
        transaction: RequestTransaction, session: RequestSession, log: RequestLog, cache: RequestCache,
        principal: RequestPrincipal
    ) {
        self.transaction = transaction
        self.session = session
        self.log = log
        self.cache = cache
        self.principal = principal
    }
}

func registerRequestScopeBenchmarks() {
    let container = Container()
    container.register(RequestTransaction.self) { _ in RequestTransaction() }.inObjectScope(.request)
    container.register(RequestSession.self) { _ in RequestSession() }.inObjectScope(.request)
    container.register(RequestLog.self) { _ in RequestLog() }.inObjectScope(.request)
    container.register(RequestCache.self) { _ in RequestCache() }.inObjectScope(.request)
    container.register(RequestPrincipal.self) { _ in RequestPrincipal() }.inObjectScope(.request)
    container.autoregister(RequestHandler.self, initializer: RequestHandler.init)
    let units = 1_000

    var configuration = Benchmark.defaultConfiguration
    configuration.maxDuration = .seconds(2)
    configuration.maxIterations = 1_000
    PairedBenchmark.register(
        "request.scope.handler.5services", baseline: "baseline-by-hand", configuration: configuration,
        ours: {
            for _ in 0..<units {
                try container.withScope {
                    let handler = try container.resolveOrThrow(RequestHandler.self)
                    blackHole(handler)
                    blackHole(try container.resolveOrThrow(RequestTransaction.self))
                }
            }
        },
        baseline: {
            for _ in 0..<units {
                let transaction = RequestTransaction()
                let handler = RequestHandler(
                    transaction: transaction, session: RequestSession(), log: RequestLog(), cache: RequestCache(),
                    principal: RequestPrincipal())
                blackHole(handler)
                blackHole(handler.transaction)
            }
        })
}
