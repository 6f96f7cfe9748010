import SwinjectInjection
import Testing

private protocol PFoo {}

/// Discoverer's `testUnregister_WhenNotRegistered_ShouldThrowError` as written upstream: an
/// implicitly unwrapped `sut`, and a `do` whose only `catch` matches a code, in a throwing method.
///
/// With `unregister` declared `throws(InjectionError)` this crashed the Swift 6.3.1 compiler in
/// SILGen cleanup ("Found ownership error?!"), in Swift 5 and Swift 6 language mode. Reduced, with
/// no library involved:
///
/// ```swift
/// struct E: Error, Equatable { var text: String }
/// final class C { func f() throws(E) {} }
/// func g(_ c: C!) throws {
///     do { try c.f() } catch E(text: "") {}
/// }
/// ```
///
/// It needs a typed throw of a non-trivial error, a force-unwrapped receiver and no catch-all.
/// This file compiling is the test; the run checks that the error is still matched.
@Suite struct DiscovererCompilerCrashTests {
    final class InjectorTests {
        var sut: Injector!
        var caught = false

        func testUnregister_WhenNotRegistered_ShouldThrowError() throws {
            do {
                try sut.unregister(type: PFoo.self)
            } catch InjectionError.notRegistered {
                caught = true
            }
        }
    }

    @Test func theUpstreamPatternCompilesAndMatches() throws {
        let tests = InjectorTests()
        tests.sut = Injector(label: "discoverer")
        try tests.testUnregister_WhenNotRegistered_ShouldThrowError()
        #expect(tests.caught)
    }

    /// Variant: another error passes through the `catch` to the caller.
    @Test func anotherErrorIsRethrown() throws {
        let sut: Injector! = Injector(label: "discoverer")
        try sut.register(as: (any PFoo).self, injection: .singleton(Foo()))
        func unregisterTwice() throws {
            do {
                try sut.unregister(type: (any PFoo).self).unregister(type: (any PFoo).self)
            } catch InjectionError.alreadyRegistered {
                Issue.record("matched the wrong code")
            }
        }
        #expect(throws: InjectionError.notRegistered) { try unregisterTwice() }
    }

    private struct Foo: PFoo {}
}
