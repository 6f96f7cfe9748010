import Swinject
import SwinjectInjection
import SwinjectKitTesting
import Testing

// The Swift samples of Sources/SwinjectInjection/Documentation.docc, verbatim
// (Scripts/check-doc-samples.py checks that each appears in a test file). The articles share one
// set of types, so their samples sit in one namespace struct; the tests at the end run them
// through the public API only. The suite is serialized because the samples share
// `AppInjectors.services`.
@Suite(.serialized) struct InjectionDocSamples {
    func makeWeatherInjector() throws -> Injector {
        let injector = Injector(label: "weather")
        try injector.register(as: (any WeatherService).self, injection: .lazySingleton { SunnyWeather() })
        return injector
    }

    protocol WeatherService: Sendable {
        func forecast() -> String
    }

    struct SunnyWeather: WeatherService {
        func forecast() -> String { "sunny" }
    }

    struct RainyWeather: WeatherService {
        func forecast() -> String { "rain" }
    }

    enum AppInjectors {
        static let services = Injector(label: "services")
    }

    func readWeather() throws -> [String] {
        let injector = Injector(label: "reading")
        try injector
            .register(as: (any WeatherService).self, injection: .singleton(SunnyWeather()))
            .register(as: (any WeatherService).self, name: "backup", injection: .factory { RainyWeather() })
        let optional = injector[(any WeatherService).self]
        let named = injector[(any WeatherService).self, name: "backup"]
        let required = try injector.get((any WeatherService).self)
        return [optional?.forecast(), named?.forecast(), required.forecast()].compactMap { $0 }
    }

    func describeMissingWeather() -> String {
        let injector = Injector(label: "empty")
        do {
            _ = try injector.get((any WeatherService).self)
            return "found"
        } catch {
            return "\(error)"
        }
    }

    final class WeatherReport {
        let weather: (any WeatherService)?
        init(weather: (any WeatherService)?) { self.weather = weather }
    }

    func makeReportInjector() throws -> Injector {
        let injector = Injector(label: "reports")
        try injector.register(as: (any WeatherService).self, injection: .singleton(SunnyWeather()))
        injector.container.register(WeatherReport.self) { r in
            WeatherReport(weather: r.resolve((any WeatherService).self))
        }
        return injector
    }

    func registerEveryKind(in injector: Injector) throws {
        let service = (any WeatherService).self
        try injector.register(as: service, name: "fixed", injection: .singleton(SunnyWeather()))
        try injector.register(as: service, name: "lazy", injection: .lazySingleton { SunnyWeather() })
        try injector.register(as: service, name: "fresh", injection: .factory { RainyWeather() })
    }

    struct WeatherViewModel {
        @Injected(injector: AppInjectors.services) var weather: any WeatherService

        var headline: String { "Today: \(weather.forecast())" }
    }

    final class WeatherScreen {
        @Injected(injector: AppInjectors.services) var weather: any WeatherService
        @LazyInjected(injector: AppInjectors.services) var lazyWeather: any WeatherService
        @OptionalInjected(injector: AppInjectors.services, name: "radar") var radar: (any WeatherService)?
    }

    func checkedWeather(_ screen: WeatherScreen) throws -> any WeatherService {
        try screen.$weather.get()
    }

    struct WeatherRegistrations {
        @Registered(inInjector: AppInjectors.services, name: "backup")
        var backupWeather = Injection<any WeatherService>.factory { RainyWeather() }
    }

    final class SystemClock: Injectable {
        init() {}

        required convenience init(injector: Injector) {
            self.init()
        }
    }

    final class Alarm: Injectable {
        var clock: SystemClock?

        init() {}

        required convenience init(injector: Injector) {
            self.init()
        }

        func injectDependencies(injector: Injector) {
            clock = injector.getObject(withType: SystemClock.self)
        }
    }

    func makeBoundInjector() -> Injector {
        let injector = Injector(label: "bindings")
        injector.bind(object: SunnyWeather(), toType: SunnyWeather.self)
        injector.bind(type: SunnyWeather.self, toType: (any WeatherService).self)
        injector.bind(type: WeatherReport.self) { injector in
            WeatherReport(weather: injector.getObject(withType: (any WeatherService).self))
        }
        injector.bindSingleton(forType: Alarm.self)
        return injector
    }

    final class Ping: Injectable {
        var pong: Pong?
        init() {}
        required convenience init(injector: Injector) { self.init() }
        func injectDependencies(injector: Injector) { pong = injector.getObject(withType: Pong.self) }
    }

    final class Pong: Injectable {
        var ping: Ping?
        init() {}
        required convenience init(injector: Injector) { self.init() }
        func injectDependencies(injector: Injector) { ping = injector.getObject(withType: Ping.self) }
    }

    func cycleMessage() -> String? {
        let injector = Injector(label: "cycles")
        do {
            _ = try injector.get(Ping.self)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func makeAppInjector() throws -> Injector? {
        try InjectorFactory(label: "app") { injector in
            try injector.register(as: (any WeatherService).self, injection: .singleton(SunnyWeather()))
        }.injector
    }

    @Test func headlineUsesTheFakeWeather() throws {
        let headline = try withOverrides(
            .injector(AppInjectors.services) { scope in
                try scope.register(as: (any WeatherService).self, injection: .singleton(RainyWeather()))
            }
        ) {
            WeatherViewModel().headline
        }
        #expect(headline == "Today: rain")
    }

    func makeTestInjector() throws -> Injector {
        let child = AppInjectors.services.makeChild(label: "test")
        try child.register(as: (any WeatherService).self, injection: .singleton(RainyWeather()))
        return child
    }

    enum Environment {
        static let services = Injector(label: "services")
        static let repositories = Injector(label: "repositories")
    }

    struct Configurator {
        static func configure() throws {
            try Environment.services
                .register(as: (any WeatherService).self, injection: .factory { SunnyWeather() })
        }
    }

    struct ForecastViewModel {
        @Injected(injector: Environment.services) var weather: any WeatherService
    }
}

@Suite(.serialized) struct InjectionDocSampleTests {
    typealias Samples = InjectionDocSamples
    let samples = InjectionDocSamples()

    private func configureServices() {
        _ = try? Samples.AppInjectors.services
            .register(as: (any Samples.WeatherService).self, injection: .singleton(Samples.SunnyWeather()))
    }

    @Test func gettingStartedSamples() throws {
        let injector = try samples.makeWeatherInjector()
        #expect(injector[(any Samples.WeatherService).self]?.forecast() == "sunny")
        #expect(try samples.readWeather() == ["sunny", "rain", "sunny"])
        let message = samples.describeMissingWeather()
        #expect(message.hasPrefix("no registration for "))
        #expect(
            message.contains("WeatherService in injector 'empty' [at SwinjectInjectionTests/InjectionDocSamples.swift:")
        )
        let reports = try samples.makeReportInjector()
        #expect(try reports.get(Samples.WeatherReport.self).weather?.forecast() == "sunny")
    }

    @Test func everyKindResolves() throws {
        let injector = Injector(label: "kinds")
        try samples.registerEveryKind(in: injector)
        for name in ["fixed", "lazy", "fresh"] {
            #expect(injector[(any Samples.WeatherService).self, name: name] != nil)
        }
    }

    @Test func propertyWrappersReadTheInjector() throws {
        configureServices()
        #expect(Samples.WeatherViewModel().headline == "Today: sunny")
        let screen = Samples.WeatherScreen()
        #expect(screen.lazyWeather.forecast() == "sunny")
        #expect(screen.radar == nil)
        #expect(screen.$radar == .notRegistered)
        #expect(try samples.checkedWeather(screen).forecast() == "sunny")
        let registrations = Samples.WeatherRegistrations()
        _ = registrations
        #expect(Samples.AppInjectors.services[(any Samples.WeatherService).self, name: "backup"]?.forecast() == "rain")
        #expect(ForecastViewModelCheck.run() == "sunny")
    }

    @Test func bindingsAndCycles() throws {
        let injector = samples.makeBoundInjector()
        #expect(try injector.get((any Samples.WeatherService).self).forecast() == "sunny")
        #expect(try injector.get(Samples.WeatherReport.self).weather?.forecast() == "sunny")
        let alarm = try injector.get(Samples.Alarm.self)
        #expect(alarm === (try injector.get(Samples.Alarm.self)))
        #expect(alarm.clock != nil)
        let message = try #require(samples.cycleMessage())
        #expect(message.contains("Ping → "))
        #expect(message.hasPrefix("dependency cycle while creating "))
    }

    @Test func overridesAndChildren() throws {
        configureServices()
        #expect(try samples.makeAppInjector() == nil)
        #expect(try samples.makeTestInjector()[(any Samples.WeatherService).self]?.forecast() == "rain")
        #expect(Samples.WeatherViewModel().headline == "Today: sunny")
    }
}

private enum ForecastViewModelCheck {
    static func run() -> String? {
        _ = try? InjectionDocSamples.Configurator.configure()
        return InjectionDocSamples.ForecastViewModel().weather.forecast()
    }
}
