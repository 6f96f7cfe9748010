import Swinject
import SwinjectPropertyLoader
import Testing

// `apiBaseURL`, `apiTimeout` and `debugMode` are declared in Readme/ReadmePropertyLoaderTests.swift,
// in an extension, as users declare them.

@Suite struct PropertyKeyTests {
    @Test func literalAndExplicitKeysAgree() {
        #expect(PropertyKey.apiBaseURL == "api.baseURL")
        #expect(PropertyKey.debugMode.name == "debug.enabled")
        #expect(PropertyKey.apiBaseURL.description == "api.baseURL")
        #expect(Set([PropertyKey.apiBaseURL, "api.baseURL"]).count == 1)
    }

    @Test func keyAndStringReadTheSameProperty() throws {
        let container = Container()
        try container.applyPropertyLoader(DictionaryLoader(values: ["api.baseURL": "https://x"]))
        let byKey: String? = container.property(.apiBaseURL)
        let byString: String? = container.property("api.baseURL")
        #expect(byKey == "https://x")
        #expect(byKey == byString)
        #expect(container.property(.apiTimeout, default: 5) == 5)
    }
}
