#if canImport(XCTest)
    public import XCTest

    /// An `XCTestCase` whose every test method runs inside the same overrides: the class-wide form of
    /// ``withOverrides(_:operation:)``.
    ///
    /// Return the overrides from ``overrides``; each test method, synchronous or `async`, runs with
    /// them applied, as if its body were wrapped in `withOverrides`. A `configure` closure that
    /// throws fails the test with that error instead of running it.
    ///
    /// ```swift
    /// final class RainyWeatherTests: OverridingTestCase {
    ///     override var overrides: [TestOverrides] {
    ///         [
    ///             .injector(AppInjectors.services) { scope in
    ///                 try scope.register(as: (any WeatherService).self, injection: .singleton(RainyWeather()))
    ///             }
    ///         ]
    ///     }
    ///
    ///     func testForecastIsRain() throws {
    ///         XCTAssertEqual(try AppInjectors.services.get((any WeatherService).self).forecast(), "rain")
    ///     }
    /// }
    /// ```
    open class OverridingTestCase: XCTestCase {
        /// The overrides every test method of this class runs inside; none unless a subclass says.
        open var overrides: [TestOverrides] { [] }

        /// Runs the test method inside ``overrides``.
        override open func invokeTest() {
            let combined = TestOverrides(overrides.flatMap(\.parts))
            do {
                try withOverrides(combined) { super.invokeTest() }
            } catch {
                XCTFail("the overrides of \(String(reflecting: type(of: self))) could not be applied: \(error)")
            }
        }
    }
#endif
