#if canImport(XCTest)
    import Swinject
    import SwinjectInjection
    import SwinjectKitTesting
    import SwinjectPropertyLoader
    import XCTest

    /// Every test method of the class sees the class's overrides, synchronous and `async` alike.
    final class OverridingTestCaseTests: OverridingTestCase {
        override var overrides: [TestOverrides] {
            [
                .injector(Shared.injector) { scope in
                    try scope.register(as: Token.self, injection: .factory { Token(7) })
                },
                .container(Shared.container) { child in
                    child.register((any Clock).self) { _ in TestClock("class-wide") }
                },
                .properties(["feature.classWide": true]),
            ]
        }

        func testSynchronousMethodSeesTheOverrides() throws {
            XCTAssertEqual(try Shared.injector.get(Token.self).value, 7)
            XCTAssertEqual(Shared.container.effective.resolve((any Clock).self)?.name, "class-wide")
            XCTAssertEqual(Container().property("feature.classWide"), true)
        }

        func testAsyncMethodSeesTheOverrides() async throws {
            await Task.yield()
            XCTAssertEqual(try Shared.injector.get(Token.self).value, 7)
            let fromChild = await Task { Shared.container.effective.resolve((any Clock).self)?.name }.value
            XCTAssertEqual(fromChild, "class-wide")
        }
    }

    /// Outside such a class, the same services answer with their real registrations.
    final class PlainTestCaseTests: XCTestCase {
        func testNoOverridesOutsideTheClass() throws {
            XCTAssertEqual(try Shared.injector.get(Token.self).value, -1)
            XCTAssertNil(Container().property("feature.classWide") as Bool?)
        }
    }
#endif
