import Swinject
import SwinjectInjection
import SwinjectKitTesting
import Testing

// Usage examples of the injector, compiled and run; the articles' samples are in InjectionDocSamples.swift.

enum AppInjectors {
    static let services = Injector(label: "services")
}

protocol PWeather: AnyObject {
    func forecast() -> String
}

final class SunnyWeather: PWeather {
    func forecast() -> String { "sunny" }
}

func configureAppInjectors() throws {
    try AppInjectors.services
        .register(as: (any PWeather).self, injection: .lazySingleton { SunnyWeather() })
}

struct WeatherViewModel {
    @Injected(injector: AppInjectors.services) var weather: any PWeather

    var headline: String { "Today: \(weather.forecast())" }
}

func readWeather(from injector: Injector) throws -> [String] {
    let optional: (any PWeather)? = injector[(any PWeather).self]
    let named = injector[(any PWeather).self, name: "backup"]
    let required = try injector.get((any PWeather).self)
    return [optional?.forecast(), named?.forecast(), required.forecast()].compactMap { $0 }
}

func describeMissingWeather() -> String {
    let injector = Injector(label: "empty")
    do {
        _ = try injector.get((any PWeather).self)
        return "found"
    } catch {
        return "\(error)"
    }
}

final class WeatherReport {
    let weather: (any PWeather)?
    init(weather: (any PWeather)?) { self.weather = weather }
}

func makeReportInjector() throws -> Injector {
    let injector = Injector(label: "reports")
    try injector.register(as: (any PWeather).self, injection: .singleton(SunnyWeather()))
    injector.container.register(WeatherReport.self) { r in
        WeatherReport(weather: r.resolve((any PWeather).self))
    }
    return injector
}

final class WeatherScreen {
    @Injected(injector: AppInjectors.services) var weather: any PWeather
    @LazyInjected(injector: AppInjectors.services) var lazyWeather: any PWeather
    @OptionalInjected(injector: AppInjectors.services, name: "radar") var radar: (any PWeather)?
}

func checkedWeather(_ screen: WeatherScreen) throws -> any PWeather {
    try screen.$weather.get()
}

struct WeatherRegistrations {
    @Registered(inInjector: AppInjectors.services, name: "backup")
    var backupWeather = Injection<any PWeather>.factory { SunnyWeather() }
}

func makeBoundInjector() -> Injector {
    let injector = Injector(label: "bindings")
    injector.bind(object: SunnyWeather(), toType: SunnyWeather.self)
    injector.bind(type: SunnyWeather.self, toType: (any PWeather).self)
    injector.bind(type: WeatherReport.self) { injector in
        WeatherReport(weather: injector.getObject(withType: (any PWeather).self))
    }
    injector.bindSingleton(forType: Bar.self)
    return injector
}

func cycleMessage() -> String? {
    let injector = Injector(label: "cycles")
    do {
        _ = try injector.get(CycleA.self)
        return nil
    } catch {
        return "\(error)"
    }
}

func makeAppInjector() throws -> Injector? {
    try InjectorFactory(label: "app") { injector in
        try injector.register(as: (any PWeather).self, injection: .singleton(SunnyWeather()))
    }.injector
}

final class RainyWeather: PWeather {
    func forecast() -> String { "rain" }
}

@Test func headlineUsesTheFakeWeather() throws {
    let headline = try withOverrides(
        .injector(AppInjectors.services) { scope in
            try scope.register(as: (any PWeather).self, injection: .singleton(RainyWeather()))
        }
    ) {
        WeatherViewModel().headline
    }
    #expect(headline == "Today: rain")
}

func makeTestInjector() throws -> Injector {
    let child = AppInjectors.services.makeChild(label: "test")
    try child.register(as: (any PWeather).self, injection: .singleton(RainyWeather()))
    return child
}

@Suite(.serialized) struct DocSamplesTests {
    @Test func samplesRunAsDocumented() throws {
        try configureAppInjectors()
        #expect(WeatherViewModel().headline == "Today: sunny")

        let registrations = WeatherRegistrations()
        #expect(registrations.$backupWeather == nil)
        #expect(try readWeather(from: AppInjectors.services) == ["sunny", "sunny", "sunny"])

        let screen = WeatherScreen()
        #expect(screen.weather === screen.lazyWeather)
        #expect(screen.radar == nil)
        #expect(screen.$radar == .notRegistered)
        #expect(try checkedWeather(screen) === screen.weather)

        #expect(try makeTestInjector()[(any PWeather).self]?.forecast() == "rain")
        #expect(WeatherViewModel().headline == "Today: sunny")
    }

    @Test func errorMessages() throws {
        #expect(
            describeMissingWeather()
                == "no registration for SwinjectInjectionTests.PWeather in injector 'empty'"
                + " [at SwinjectInjectionTests/DocSamples.swift:41]")
        let cycle = try #require(cycleMessage())
        #expect(
            cycle
                == "dependency cycle while creating SwinjectInjectionTests.CycleA in injector 'cycles': "
                + "SwinjectInjectionTests.CycleA → SwinjectInjectionTests.CycleB → SwinjectInjectionTests.CycleA"
                + " [at SwinjectInjectionTests/DocSamples.swift:91]")
    }

    @Test func swinjectAndBindings() throws {
        let reports = try makeReportInjector()
        #expect(try reports.get(WeatherReport.self).weather?.forecast() == "sunny")

        let bound = makeBoundInjector()
        let sunny = try bound.get(SunnyWeather.self)
        #expect(try bound.get((any PWeather).self) === sunny)
        #expect(bound.getObject(withType: WeatherReport.self)?.weather === sunny)
        #expect(bound[Bar.self] === bound[Bar.self])

        #expect(try makeAppInjector() == nil)
    }
}
