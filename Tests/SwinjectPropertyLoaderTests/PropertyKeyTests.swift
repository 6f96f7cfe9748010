import SwinjectPropertyLoader
import Testing

extension PropertyKey {
    fileprivate static let apiBaseURL = PropertyKey("api.baseURL")
    fileprivate static let debugMode: PropertyKey = "debug.enabled"
}

@Suite struct PropertyKeyTests {
    @Test func literalAndExplicitKeysAgree() {
        #expect(PropertyKey.apiBaseURL == "api.baseURL")
        #expect(PropertyKey.debugMode.name == "debug.enabled")
        #expect(PropertyKey.apiBaseURL.description == "api.baseURL")
        #expect(Set([PropertyKey.apiBaseURL, "api.baseURL"]).count == 1)
    }
}
