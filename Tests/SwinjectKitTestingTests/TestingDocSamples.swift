import Swinject
import SwinjectInjection
import SwinjectKitTesting
import SwinjectPropertyLoader
import Testing
import XCTest

// The Swift samples of TestingWithSwinjectKit.md and the catalog's root page, verbatim
// (Scripts/check-doc-samples.py), with the types they use.

protocol WeatherService: Sendable {
    func forecast() -> String
}

struct SunnyWeather: WeatherService {
    func forecast() -> String { "sun" }
}

struct RainyWeather: WeatherService {
    func forecast() -> String { "rain" }
}

struct WeatherReport {
    let text: String
}

enum AppInjectors {
    static let services: Injector = {
        let injector = Injector(label: "services")
        // A new injector holds nothing to collide with; a failure shows as the tests' miss.
        _ = try? injector.register(as: (any WeatherService).self, injection: .singleton(SunnyWeather()))
        return injector
    }()
}

enum AppContainers {
    nonisolated(unsafe) static let main: Container = {
        let container = Container()
        container.register((any WeatherService).self) { _ in SunnyWeather() }
        container.register(WeatherReport.self) { r in
            WeatherReport(text: "Forecast: " + (r.resolve((any WeatherService).self)?.forecast() ?? "none"))
        }
        // Loading a fixed text cannot fail; a failure shows as the tests' missing keys.
        try? container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"{"feature": {"newCheckout": false}, "database": {"port": 5432}}"#, name: "app.json"))
        return container
    }()
}

struct FeatureFlagsLoader: PropertyBatchLoader {
    func loadBatch() throws -> PropertyBatch {
        var batch = PropertyBatch()
        let source = PropertySource(name: "feature service")
        batch.set("features.checkout", to: .bool(true), source: source)
        batch.set("features.banner", to: .string("winter"), source: source)
        return batch
    }
}

/// Serialized: the samples share one unsynchronized container, as a small app would, and Swinject
/// resolves from several threads only through a synchronized view.
@Suite(.serialized) struct TestingDocSamples {
    @Test(
        .overriding(AppInjectors.services) { scope in
            try scope.register(as: (any WeatherService).self, injection: .singleton(RainyWeather()))
        })
    func forecastIsRain() throws {
        #expect(try AppInjectors.services.get((any WeatherService).self).forecast() == "rain")
    }

    @Test(.properties(["feature.newCheckout": true, "database.port": 1]))
    func checkoutReadsTheTestValues() {
        #expect(AppContainers.main.property("feature.newCheckout") == true)
        #expect(AppContainers.main.property("database.port") == 1)
    }

    @Test(arguments: [8080, 9090])
    func serverReadsThePortOfEachCase(port: Int) throws {
        let hosts = ["a.internal", "b.internal"]
        try withOverrides(.properties(["database.port": port, "database.hosts": hosts])) {
            #expect(AppContainers.main.property("database.port") == port)
            #expect(AppContainers.main.property("database.hosts") == hosts)
        }
    }

    @Test(
        .overriding(AppContainers.main) { child in
            child.register((any WeatherService).self) { _ in RainyWeather() }
        })
    func reportUsesTheRainyWeather() {
        let report = AppContainers.main.resolve(WeatherReport.self)
        #expect(report?.text == "Forecast: rain")
    }

    @Test func headlineChangesWithTheWeather() throws {
        let forecast = try withOverrides(
            .injector(AppInjectors.services) { scope in
                try scope.register(as: (any WeatherService).self, injection: .singleton(RainyWeather()))
            },
            .properties(["weather.units": "metric"])
        ) {
            try AppInjectors.services.get((any WeatherService).self).forecast()
        }
        #expect(forecast == "rain")
    }

    @Test func appContainerIsValid() {
        expectValidContainer(AppContainers.main)
    }

    @Test func featureFlagsLoaderConforms() {
        let report = PropertyLoaderConformance.check(
            FeatureFlagsLoader(),
            expecting: ["features.checkout": true, "features.banner": "winter"]
        )
        #expect(report.passed, "\(report)")
    }

    /// The samples leave the shared injector and container as they were.
    @Test func nothingLeaksOutOfTheSamples() throws {
        #expect(try AppInjectors.services.get((any WeatherService).self).forecast() == "sun")
        #expect(AppContainers.main.effective.resolve(WeatherReport.self)?.text == "Forecast: sun")
        #expect(AppContainers.main.property("database.port") == 5432)
    }
}

final class WeatherTests: XCTestCase {
    func testForecastIsRain() throws {
        let forecast = try withOverrides(
            .injector(AppInjectors.services) { scope in
                try scope.register(as: (any WeatherService).self, injection: .singleton(RainyWeather()))
            }
        ) {
            try AppInjectors.services.get((any WeatherService).self).forecast()
        }
        XCTAssertEqual(forecast, "rain")
    }
}

final class RainyWeatherTests: OverridingTestCase {
    override var overrides: [TestOverrides] {
        [
            .injector(AppInjectors.services) { scope in
                try scope.register(as: (any WeatherService).self, injection: .singleton(RainyWeather()))
            }
        ]
    }

    func testForecastIsRain() throws {
        XCTAssertEqual(try AppInjectors.services.get((any WeatherService).self).forecast(), "rain")
    }
}

enum SharedContainers {
    nonisolated(unsafe) static let orders: any Resolver = {
        let container = Container()
        container.register((any WeatherService).self) { _ in SunnyWeather() }
        container.register(WeatherReport.self) { r in
            WeatherReport(text: "Forecast: " + (r.resolve((any WeatherService).self)?.forecast() ?? "none"))
        }
        return container.synchronize()
    }()
}

@Test(
    .overriding(SharedContainers.orders) { child in
        child.register((any WeatherService).self) { _ in RainyWeather() }
    })
func theSharedViewSeesTheOverride() {
    #expect(SharedContainers.orders.resolve(WeatherReport.self)?.text == "Forecast: rain")
}
